"""Verified outcomes: "check that the tests pass" announces running the tests.

A verb of finding out that names no kind ([g-inquiry-verb]: "check", 確認) whose object says
a test and its passing outcome ([check-pass]: "check if the tests pass", "check the tests are
green"), or a test its failing word stands right before ([check-fail]: "check the failing test
output"), finds that out the only way there is: it runs the tests, a step of kind ``test``.
Only that kind: "check if the build passes" names no test, and a command of any other kind
beside the tests (a delete, a fetch piped to a shell) still needs a verb of its own kind. A
closing colon withholds it, unless it closes a sentence that names nothing ("Let's start:",
``barecolon``).
"""

from __future__ import annotations

from itertools import pairwise

from . import checked
from .barecolon import bare_colon
from .kindsfile import section
from .preamble import Announcement
from .tables import tongues


def test_said(ann: Announcement, kind: str) -> bool:
    """A step of ``kind`` "test" is what an announced inquiry verb of no kind finds out: the
    announcement's words hold a noun of a test and a word of its passing."""
    if kind != "test" or (ann.forward and not bare_colon(ann)):  # "Let's start:" (``barecolon``)
        return False
    if checked.said(ann):
        return True  # a check named as the step's object ("run the type check")
    plain = [v.casefold() for v, k in ann.verbs if k == "generic"]
    words = [w.casefold() for w in ann.objects]
    passing, failing = set(section("check-pass")), set(section("check-fail"))
    if not plain or not (passing | failing).intersection(words):
        return False
    for t in tongues():
        if t.name not in ann.tongues:
            continue
        if not any(v.startswith(w) for v in plain for w in t.inquiry_verbs):
            continue
        if passing.intersection(words) and any(
                t.kind_of(w) == "test" for w in words if w not in plain):
            return True
        # a test known to fail, its failing word right before it ("check the failing test
        # output", h21b): its output is had by running it; "check if the tests fail" asks
        # for another outcome than the one a run is announced for, and stays refused
        if any(a in failing and t.kind_of(b) == "test" for a, b in pairwise(words)):
            return True
    return False
