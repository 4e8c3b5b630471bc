"""Session 33, h19f: two rules, each with refuse/recover pairs.

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

_BRIEF = "states a brief run"


def _shell(preamble: str, command: str) -> leakcall.Recovery:
    return recover_after(preamble, TOOLS, shell_call(command))


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
