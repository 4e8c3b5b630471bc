"""A phrase of basis ([g-basis]: "based on") read as a word of reason: a sentence that opens
with it, a noun phrase and a comma ("Based on my research, let me generate the report.") is
that noun phrase, an observation screened as every observation is, then the rest; one that
opens with a step of the assistant's own and ends with it ("Let me call the policy lookup
based on the capability that was loaded.") is read with the phrase put first, as a trailing
reason is (``clauses._trailing_reason``). What the basis relays, asks, negates or quotes
refuses as it does after "since". Only a noun phrase is a basis (``basis_kept``): one that
opens with a determiner and holds no word of condition or time ("based on your approval
tomorrow") and no clause of inquiry ("based on whether the tests pass": a condition) but a
relative on its noun ("the capability that was loaded") and no carrier of another's words
("based on the steps of the README", h25r: the step would be that source's); else the
sentence is read as before."""

from __future__ import annotations

from .words import Tongue, tokenize

__all__ = ["basis_first", "basis_kept", "reason_words"]


def reason_words(said: tuple[str, ...], t: Tongue) -> bool:
    """The words ``said`` are a word of reason ([g-reason]) or a phrase of basis ([g-basis])."""
    secs = t.phrases.get(said, ()) if len(said) > 1 else t.sections(said[0])
    return "g-reason" in secs or "g-basis" in secs


def basis_first(body: str, t: Tongue) -> tuple[str, str] | None:
    """(the noun phrase, the rest) of a sentence that opens with a phrase of [g-basis], a noun
    phrase and a comma before more text ("based on the logs, let me ..."); else None."""
    head, comma, rest = body.partition(",")
    words = head.split()
    if not comma or not rest.strip():
        return None
    for n in (4, 3, 2, 1):  # "en me basant sur"
        said = tuple(w.lower() for w in words[:n])
        if len(words) > n and "g-basis" in (t.phrases.get(said, ()) if n > 1
                                            else t.sections(said[0])):
            basis = " ".join(words[n:])
            return (basis, rest.strip()) if basis_kept(said, basis, t) else None
    return None


def basis_kept(said: tuple[str, ...], basis: str, t: Tongue) -> bool:
    """The words ``basis`` after the word of reason ``said`` may be read as a reason: always
    after a word of [g-reason]; after a phrase of [g-basis] only a noun phrase opening with a
    determiner, with no word of condition or time, no carrier of someone's words ([g-carrier]:
    "the steps of the README", "le README") but the reader's own ("your email", h25r), and no
    word of inquiry but a relative pronoun right after a noun ([g-relative-pronoun]: "the
    capability that was loaded"), and no clause of the reader's or another's still to come
    (the addressee before a verb, "the answer you give"; "will do", "the review Alice will
    do"): such a basis is a condition; "the details you provided" is a courtesy phrase, kept)."""
    secs = t.phrases.get(said, ()) if len(said) > 1 else t.sections(said[0])
    if "g-reason" in secs:
        return True
    tokens = tokenize(basis, t)
    if not tokens or tokens[0].kind != "DET":
        return False  # "based on whether the tests pass", "based on acct-9"
    for k, x in enumerate(tokens):
        if x.kind == "!conditional":
            return False  # "based on your approval tomorrow"
        if t.has(x.text, "g-carrier") and not (k and t.has(tokens[k - 1].text, "g-addressee")):
            return False  # "based on the steps of the README": a source's, not "your email"
        if x.kind == "INQUIRY" and not (t.has(x.text, "g-relative-pronoun")
                                        and tokens[k - 1].kind == "OPEN"):
            return False  # "based on the question whether the tests pass"
        if x.kind == "ACK" or (x.kind == "YOU" and k + 1 < len(tokens)
                               and tokens[k + 1].kind == "OPEN"):
            return False  # "the answer you give", "the review Alice will do": yet to come
    return True
