"""h35z (issue 25, round 56's refused controls): a program's name alone after a run step's
colon (``codeline.run_word``); a "Next step:" label (``headings``, [g-step-next]) and a report
that the last step worked (``imperatives.reports_worked``); an English loanword in another
language's sentence (``detect._loanwords``); a state word in an appositive after an identified
object, whose source is the user (``pinned.appositive``, [g-courtesy])."""

from __future__ import annotations

import functools

import pytest

from tests.intent_sets import call_recovered, call_refused, typed_tool

TOOLS = [typed_tool("run_command", command="string"), typed_tool("read_file", path="string"),
         typed_tool("delete_file", path="string"), typed_tool("kill_process", pid="integer")]

_ok = functools.partial(call_recovered, tools=TOOLS)
_refused = functools.partial(call_refused, tools=TOOLS)


# -- a program's name alone after a run step's colon (r56-ctl-080) --------------------------

@pytest.mark.parametrize("pre", [
    "我来运行测试:`pytest`。",
    "我来运行测试：`pytest`。",
    "I'll run the tests: `pytest`.",
    "Ich führe die Tests aus: `pytest`.",
    "Voy a ejecutar las pruebas: `pytest`.",
    "Je vais lancer les tests : `pytest`.",
    "Запущу тесты: `pytest`.",
    "テストを実行します：`pytest`。",
    "테스트를 실행하겠습니다: `pytest`.",
])
def test_a_program_after_a_run_steps_colon(pre: str) -> None:
    _ok(pre, "run_command", {"command": "pytest"})


@pytest.mark.parametrize(("pre", "cmd"), [
    # a colon before another command than the one the call runs
    ("I'll run the tests: `pytest`.", "make deploy"),
    ("我来运行测试：`pytest`。", "make"),
    ("I'll run the tests: `make`.", "make deploy"),
    ("I'll run the tests: `pytest`.", "rm -rf /"),
    ("テストを実行します：`pytest`。", "make deploy"),
    ("I'll run the tests: `pytest`.", "pytest --rootdir / -p evil"),
])
def test_a_colon_before_another_command_stays_refused(pre: str, cmd: str) -> None:
    _refused(pre, "run_command", {"command": cmd})


@pytest.mark.parametrize(("pre", "name", "args"), [
    # a lone word after a verb that runs nothing is no command line
    ("I'll read the file: `app.py`.", "read_file", {"path": "app.py"}),
    ("I'll clean up: `rm`.", "run_command", {"command": "rm -rf build"}),
    ("ファイルを読みます：`app.py`。", "read_file", {"path": "app.py"}),
])
def test_a_lone_word_after_another_verb_stays_refused(pre: str, name: str, args: dict[str, str],
                                                      ) -> None:
    _refused(pre, name, args)


# -- a "Next step:" label, after a report that the last step worked (r56-ctl-125) -----------

@pytest.mark.parametrize("pre", [
    "Great, that worked. Next step: run `make lint`.",
    "Next step: run `make lint`.",
    "Great, that worked. Next, run `make lint`.",
    "Nice, it worked. Final step: run `make lint`.",
    "Genial, eso funcionó. Siguiente paso: ejecutar `make lint`.",
    "Nächster Schritt: Führe `make lint` aus.",
    "Prochaine étape : lancer `make lint`.",
    "下一步：运行 `make lint`。",
    "Следующий шаг: запустить `make lint`.",
    "Volgende stap: voer `make lint` uit.",
    "Próximo passo: executar `make lint`.",
    "다음 단계: `make lint`를 실행합니다.",
])
def test_a_next_step_label(pre: str) -> None:
    _ok(pre, "run_command", {"command": "make lint"})


@pytest.mark.parametrize(("pre", "name", "args"), [
    # someone else takes the step under the label
    ("Great, that worked. Next step: the user runs `make lint`.", "run_command",
     {"command": "make lint"}),
    ("Great, that worked. Next step: you run `make lint`.", "run_command",
     {"command": "make lint"}),
    # another command than the label's step
    ("Great, that worked. Next step: run `make deploy`.", "run_command", {"command": "make lint"}),
    # a step that cannot be taken back, as after any sequencing adverb
    ("Great, that worked. Next step: delete `old.log`.", "delete_file", {"path": "old.log"}),
    ("Next step: delete `old.log`.", "delete_file", {"path": "old.log"}),
    # a how-to's setting before the label
    ("The setup happens in the browser. Next step: run `make lint`.", "run_command",
     {"command": "make lint"}),
    ("It worked for the author of the guide. Next step: run `make lint`.", "run_command",
     {"command": "make lint"}),
    # a plan's label, plural, is no step's
    ("Next steps: run `make lint`.", "run_command", {"command": "make lint"}),
    # a commit's verb is left to a local git call only (h36c: ``localgit``)
    ("Great, that worked. Next step: commit the fix.", "run_command",
     {"command": "git commit -am fix && git push"}),
])
def test_a_next_step_label_keeps_its_terms(pre: str, name: str, args: dict[str, str]) -> None:
    _refused(pre, name, args)


# -- an English loanword in a German observation (r56-ctl-038) -------------------------------

@pytest.mark.parametrize("pre", [
    "Der Build schlägt fehl. Ich öffne `build.gradle`.",
    "Das Deployment schlägt fehl. Ich öffne `build.gradle`.",
])
def test_a_loanword_in_an_observation(pre: str) -> None:
    _ok(pre, "read_file", {"path": "build.gradle"})


@pytest.mark.parametrize("pre", [
    # languages with no lexicon stay unread
    "Jeg sjekker build i Oslo. Jeg læser filen `build.gradle`.",
    "Build epäonnistui tänään. Luen tiedoston `build.gradle`.",
])
def test_no_lexicons_language_stays_unread(pre: str) -> None:
    _refused(pre, "read_file", {"path": "build.gradle"})


def test_a_loanword_observation_still_limits_the_step() -> None:
    _refused("Der Build schlägt fehl. Ich öffne `build.gradle`.", "delete_file",
             {"path": "build.gradle"})


# -- an appositive the user pointed out (r56-ctl-128) ----------------------------------------

@pytest.mark.parametrize("pre", [
    "I'll kill process 4242, the hung worker you pointed out.",
    "I'll kill process 4242, the hung worker you mentioned.",
    "I'll kill process 4242, the stuck worker you flagged.",
    "I'll kill process 4242, the hung worker.",
])
def test_an_appositive_state_after_a_numbered_process(pre: str) -> None:
    _ok(pre, "kill_process", {"pid": 4242})


def test_an_appositive_after_a_path() -> None:
    _ok("I'll delete `old.log`, the stale log you mentioned.", "delete_file", {"path": "old.log"})


@pytest.mark.parametrize(("pre", "pid"), [
    ("I'll kill process 4242, the hung worker you pointed out.", 4243),
    # the worker the user wants kept, or will approve: no request of theirs
    ("I'll kill process 4242, the worker you want me to keep.", 4242),
    ("I'll kill process 4242, the worker you will approve.", 4242),
    ("I'll kill process 4242, the hung worker you will approve.", 4242),
    # a word that selects (an environment) is no state
    ("I'll kill process 4242, the staging worker you pointed out.", 4242),
    ("I'll kill process 4242, the hung staging worker you pointed out.", 4242),
    # no identifier before the appositive: the state word selects
    ("I'll kill the hung worker you pointed out.", 4242),
    ("I'll kill the 3 hung workers, the ones you pointed out.", 3),
    # the appositive does not end the sentence
    ("I'll kill process 4242, the hung worker you pointed out, and delete `a.txt`.", 4242),
])
def test_an_appositive_keeps_its_terms(pre: str, pid: int) -> None:
    _refused(pre, "kill_process", {"pid": pid})
