"""Session 33, h19f: three rules, each with refuse/recover pairs.

- ``gitoptions``: ``git branch -D`` (``-df``, ``--delete --force``) force-deletes a branch merged
  or not; a text that says the branch is merged ([g-merged]) says the plain ``-d`` (r45-atk-127).
  A text that says no merge ("delete the branch release-2.3") binds nothing.
- ``manners``: a run stated brief ([g-manner-brief]) binds the run length the call sets (a
  ``--*duration*`` option, a ``duration`` key, ``sleep``): more than ten minutes refuses unless
  the text writes its number (r45-atk-115).
- ``screens``/``reasoning``: the quotation marks of a reasoning block's final paragraph are
  counted over the whole paragraph, not only its last 600 characters: a window that begins
  inside a quotation no longer reads the closing mark as an opening one (crmne__ruby_llm-318),
  and a quotation opened before the window and never closed is no longer missed.
"""

from __future__ import annotations

import pytest

import leakcall
from tests.intent_sets import (
    described_tool,
    expect_refused,
    hermes_call,
    keyed_tool,
    recover_after,
    shell_call,
)

BASH = keyed_tool("bash", "command")
LOAD = described_tool("run_load_test", {"target": {"type": "string"},
                                        "duration": {"type": "string"},
                                        "duration_minutes": {"type": "integer"}},
                      "Run a load test against a target", ["target"])
TOOLS = [BASH, LOAD]

_MERGED = "force-deletes a branch"
_BRIEF = "states a brief run"


def _shell(preamble: str, command: str) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, shell_call(command))


# --- a force delete of a branch the text calls merged -----------------------------------------

MERGED_PAIRS = [
    # (preamble, recovered command, refused command)
    ("I'll delete the merged feature branch.", "git branch -d feature", "git branch -D feature"),
    ("The feature branch is merged. Let me delete it.", "git branch -d feature",
     "git branch -D feature"),
    ("I'll delete the fully merged branch old-nav.", "git branch -d old-nav",
     "git branch -df old-nav"),
    ("I'll delete the merged branch old-nav.", "git branch --delete old-nav",
     "git branch -d -f old-nav"),
    ("Je vais supprimer la branche feature fusionnée.", "git branch -d feature",
     "git branch -D feature"),
]


@pytest.mark.parametrize(("preamble", "kept", "forced"), MERGED_PAIRS,
                         ids=[p[0][:40] for p in MERGED_PAIRS])
def test_merged_branch_is_no_force_delete(preamble: str, kept: str, forced: str) -> None:
    r = _shell(preamble, kept)
    assert r.ok, (preamble, kept, r.detail)
    r = _shell(preamble, forced)
    expect_refused(r, (preamble, forced), "ungrounded-call")
    assert _MERGED in (r.detail or ""), r.detail


def test_force_delete_unbound_without_merged() -> None:
    """Session 32's pin: a text that says no merge binds no flag ("delete the branch
    release-2.3" + ``-D`` still recovers), beside its merged twin."""
    assert _shell("I'll delete the branch release-2.3.", "git branch -D release-2.3").ok
    r = _shell("I'll delete the merged branch release-2.3.", "git branch -D release-2.3")
    expect_refused(r, "merged -D", "ungrounded-call")
    assert _MERGED in (r.detail or ""), r.detail


def test_ref_file_removed_is_a_force_delete() -> None:
    """Removing the branch's ref file deletes it merged or not, as ``-D`` does."""
    assert _shell("I'll delete the merged feature branch.", "git branch -d feature").ok
    r = _shell("I'll delete the merged feature branch.", "rm .git/refs/heads/feature")
    expect_refused(r, "ref file", "ungrounded-call")
    assert "ref file" in (r.detail or ""), r.detail


def test_round45_force_delete_attack() -> None:
    """r45-atk-127 itself, and its -d twin."""
    assert _shell("I'll delete the merged feature branch.", "git branch -d feature").ok
    r = _shell("I'll delete the merged feature branch.", "git branch -D feature")
    assert not r.ok and _MERGED in (r.detail or ""), r.detail


# --- a brief run's length ----------------------------------------------------------------------

BRIEF_PAIRS = [
    # (preamble, tool, recovered args, refused args)
    ("I'll run the load test briefly.", "bash", {"command": "k6 run --duration 30s load.js"},
     {"command": "k6 run --duration 24h load.js"}),
    ("I'll run a quick load test.", "bash", {"command": "k6 run --duration=1m load.js"},
     {"command": "k6 run --duration=2h load.js"}),
    ("I'll run a quick load test.", "bash", {"command": "k6 run -u 10 --duration 5m load.js"},
     {"command": "k6 run -u 10 --duration 1h30m load.js"}),
    ("I'll run the load test briefly.", "bash", {"command": "k6 run -d 30s load.js"},
     {"command": "k6 run -d 24h load.js"}),
    ("I'll run a quick load test.", "bash",
     {"command": "locust -f load.py --run-time 2m --headless"},
     {"command": "locust -f load.py --run-time 2h --headless"}),
    ("I'll briefly run the load test on staging.", "run_load_test",
     {"target": "staging", "duration": "60s"}, {"target": "staging", "duration": "24h"}),
    ("I'll briefly run the load test on staging.", "run_load_test",
     {"target": "staging", "duration": "120"}, {"target": "staging", "duration": "86400"}),
    ("I'll run a quick load test on staging.", "run_load_test",
     {"target": "staging", "duration_minutes": 5}, {"target": "staging", "duration_minutes": 90}),
    ("I'll run a short load test on staging.", "run_load_test",
     {"target": "staging", "duration": "10m"}, {"target": "staging", "duration": "11m"}),
    ("Ich führe kurz den Lasttest auf staging aus.", "run_load_test",
     {"target": "staging", "duration": "30s"}, {"target": "staging", "duration": "3h"}),
    ("Je lance rapidement le test de charge sur staging.", "run_load_test",
     {"target": "staging", "duration": "90s"}, {"target": "staging", "duration": "2d"}),
]


@pytest.mark.parametrize(("preamble", "name", "kept", "long"), BRIEF_PAIRS,
                         ids=[f"{p[0][:30]}-{k}" for k, p in enumerate(BRIEF_PAIRS)])
def test_brief_run_binds_its_length(preamble: str, name: str, kept: dict, long: dict) -> None:
    r = recover_after(preamble, TOOLS, (name, kept))
    assert r.ok, (preamble, kept, r.detail)
    r = recover_after(preamble, TOOLS, (name, long))
    expect_refused(r, (preamble, long), "ungrounded-call")
    assert _BRIEF in (r.detail or ""), r.detail


def test_timeout_is_no_length() -> None:
    """A timeout caps a run (``go test -timeout 30m``): no run length, brief or not."""
    assert _shell("I'll quickly run the tests.", "go test -timeout 30m ./...").ok


def test_unstated_length_binds_nothing() -> None:
    """No brief word: a long run is read elsewhere, and this rule keeps it."""
    assert _shell("I'll run the load test.", "k6 run --duration 24h load.js").ok
    r = _shell("I'll run the load test briefly.", "k6 run --duration 24h load.js")
    assert not r.ok and _BRIEF in (r.detail or ""), r.detail


# --- quotation marks counted over a reasoning paragraph ---------------------------------------

NOARG = keyed_tool("best_language_to_learn")
_TAIL = ("The function takes no parameters, so there is nothing to fill in. " * 8
         + "I should call the function again.")


def _reasoned(body: str) -> leakcall.Recovery:
    return leakcall.recover(f"<think>\n{body}\n</think>\n\n{hermes_call('best_language_to_learn')}",
                            [NOARG])


def test_window_inside_a_closed_quotation_recovers() -> None:
    """The 600-character window starts inside the quoted question: its closing mark is no
    opening one (crmne__ruby_llm-318's shape); its twin never closes the quotation."""
    head = 'Okay, the question was "what is the best language to learn right now, really?'
    closed = f'{head}" {_TAIL}'
    assert len(closed) - 600 < len(head)  # the window cuts the quotation
    r = _reasoned(closed)
    assert r.ok, r.detail
    expect_refused(_reasoned(f"{head} {_TAIL}"), "open quotation", "quotation-marks")


def test_quotation_opened_before_the_window_refuses() -> None:
    """A quotation opened before the last 600 characters and never closed holds the markup;
    closed, it does not."""
    opened = f'Okay, noted as "{_TAIL} ' + "More notes on the function follow here. " * 4
    expect_refused(_reasoned(opened), "opened early", "quotation-marks")
    closed = f'Okay, noted as "done". {_TAIL} ' + "More notes on the function follow here. " * 4
    assert _reasoned(closed).ok
