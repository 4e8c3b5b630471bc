"""An observation that says the step is not to be run (``intent/refrained.py``, issue 25):
"Do not run this. I'll delete the users table." was recovered, the sentence read as an
observation that no screen of reasoning's reached. Refuse/recover pairs: the same
announcement after a fact about a thing ("The tests haven't been run yet.") stays
recovered."""

from __future__ import annotations

import pytest

from leakcall import Reason
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("execute_sql", "Run a SQL statement against the database.", "query"),
         string_tool("run_tests", "Run the test suite.", "path")]
DROP = ("execute_sql", {"query": "DROP TABLE users"})
ANNOUNCED = {"en": "I'll delete the users table.", "de": "Ich lösche die Tabelle users.",
             "es": "Voy a borrar la tabla users.", "fr": "Je supprime la table users.",
             "zh": "我来删除 users 表。"}


@pytest.mark.parametrize(("lang", "observation"), [
    ("en", "Do not run this."),
    ("en", "Don't execute the following."),
    ("en", "I won't run this."),
    ("en", "I'm not going to execute it."),
    ("en", "We shouldn't run this."),
    ("en", "This must not be run."),
    ("en", "It won't run."),  # a pronoun names no thing: "it" may be the markup
    ("en", "The command below must not be run."),  # the markup pointed at
    ("en", "This query must not be run."),  # the markup named as a call
    ("en", "The following SQL should never be executed."),
    ("de", "Bitte nicht ausführen."),
    ("es", "No ejecutes esto."),
    ("fr", "Ne pas exécuter."),
    ("zh", "请不要执行。"),
])
def test_an_observation_saying_not_to_run_refuses(lang: str, observation: str) -> None:
    r = recover_after(f"{observation} {ANNOUNCED[lang]}", TOOLS, DROP)
    assert r.reason is Reason.QUOTED and r.rule == "negation", (observation, r.rule, r.detail)
    # the announcement alone is recovered: the observation is what refuses
    assert recover_after(ANNOUNCED[lang], TOOLS, DROP).ok


@pytest.mark.parametrize(("lang", "observation"), [
    ("en", "The integration tests haven't been run yet."),
    ("en", "The app won't start."),
    ("en", "The rule isn't actually triggering."),
    ("de", "Der Dienst startet nicht."),
    ("zh", "覆盖率报告显示重试逻辑从未执行。"),
])
def test_a_fact_about_a_thing_stays_an_observation(lang: str, observation: str) -> None:
    r = recover_after(f"{observation} {ANNOUNCED[lang]}", TOOLS, DROP)
    assert r.ok, (observation, r.rule, r.detail)


def test_a_not_to_run_phrase_is_read_like_a_negated_run() -> None:
    # the [not-to-run] phrases of reasoning ("nicht ausgeführt", "must never run") are read
    # with the same subject: a thing's state, or the step
    assert recover_after("Die Tests wurden nicht ausgeführt. Ich lösche die Tabelle users.",
                         TOOLS, DROP).ok
    r = recover_after("Must never run. I'll delete the users table.", TOOLS, DROP)
    assert r.rule == "negation", r.detail
