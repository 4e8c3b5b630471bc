"""A clause of what comes after the step (h73h, issue 25, rule ``conditional``): a
subordinator of [g-before-clause] ("bevor", "zanim", "ก่อนที่", "innan", "voordat",
"прежде чем") after a looking step's object, or leading the sentence up to its comma, says
the step is taken first, now (``opened``). The clause is read as a slot and grounds nothing:
only looking calls pass, its later step's call stays refused, a changing step before or
after it keeps the condition, and a time or a refusing word inside it keeps its refusal."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from leakcall import Reason

from ..intent_sets import recover_after, typed_tool

_tool = partial(typed_tool, required=())


TOOLS = [_tool("get_weather", city="string"), _tool("delete_branch", branch="string"),
         _tool("git_status"), _tool("read_file", path="string")]
STATUS = ("git_status", {})
DELETE = ("delete_branch", {"branch": "feature"})
READ = ("read_file", {"path": "a.txt"})


def _weather(city: str) -> tuple[str, dict[str, Any]]:
    return ("get_weather", {"city": city})


@pytest.mark.parametrize(("preamble", "call"), [
    ("Bevor ich etwas committe, prüfe ich den Status des Repositorys.", STATUS),
    ("Bevor ich etwas committe, prüfe ich das Wetter in Berlin.", _weather("Berlin")),
    ("Ich prüfe das Wetter in Berlin, bevor du losgehst.", _weather("Berlin")),
    ("ฉันจะตรวจสอบสภาพอากาศในกรุงเทพฯ ให้ก่อนที่คุณจะออกเดินทาง", _weather("กรุงเทพฯ")),
    ("Ik controleer het weer in Amsterdam, voordat je vertrekt.", _weather("Amsterdam")),
    ("Я проверю погоду в Москве, прежде чем ты выйдешь.", _weather("Москве")),
    ("Jag kollar vädret i Stockholm, innan du går ut.", _weather("Stockholm")),
])
def test_a_clause_of_what_comes_after_a_looking_step_recovers(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason == Reason.OK, (preamble, r.detail)


@pytest.mark.parametrize(("preamble", "call"), [
    # the clause's own later step grounds nothing
    ("Bevor ich den Branch feature lösche, prüfe ich den Status.", DELETE),
    ("Ich prüfe den Status, bevor ich den Branch feature lösche.", DELETE),
    # a changing step before or after the clause keeps the condition
    ("Bevor ich den Status prüfe, lösche ich den Branch feature.", DELETE),
    ("Bevor du gehst, lösche ich den Branch feature.", DELETE),
    ("Ich lösche den Branch feature, bevor du gehst.", DELETE),
    ("ฉันจะลบ branch feature ก่อนที่คุณจะออกเดินทาง", DELETE),
    # a time after the subordinator, a negation or a question keeps its refusal
    ("Ich lese die Datei a.txt, bevor morgen.", READ),
    ("Ich lese die Datei a.txt, bevor 18 Uhr.", READ),
    ("Bevor ich etwas committe, lese ich die Datei a.txt nicht.", READ),
    ("Bevor du fragst, lese ich die Datei a.txt?", READ),
    ("Ich lese die Datei a.txt, bevor ich nichts committe.", READ),
    ("Bevor ich nichts committe, prüfe ich den Status des Repositorys.", STATUS),
    ("Bevor jemand etwas committet, prüfe ich den Status?", STATUS),
])
def test_a_changing_or_later_step_stays_refused(
        preamble: str, call: tuple[str, dict[str, Any]]) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert r.reason != Reason.OK, (preamble, r.detail)


# Japanese "に合わせて" (to match, in line with) is a postposition ([g-postp]): a time before it
# ("明日の予定に合わせて", to match tomorrow's plans) is still a time, read as a word before a
# step that observes and a wait before one that changes something.
@pytest.mark.parametrize(("preamble", "call", "ok"), [
    ("明日の予定に合わせて、東京の天気を調べます。", _weather("東京"), True),
    ("明日の予定に合わせて、feature ブランチを削除します。", DELETE, False),
    ("明日に合わせて、feature ブランチを削除します。", DELETE, False),
])
def test_a_time_before_a_postposition_waits_only_for_a_change(
        preamble: str, call: tuple[str, dict[str, Any]], ok: bool) -> None:
    r = recover_after(preamble, TOOLS, call)
    assert (r.reason == Reason.OK) == ok, (preamble, r.detail)
    assert ok or r.rule == "conditional", (preamble, r.rule, r.detail)
