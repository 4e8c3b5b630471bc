"""Three closed noun-phrase and clause slots read as the forms the grammar already has (issue
25).

A German genitive after a noun ("die letzten 100 Zeilen der `api`-Logs"): the article "der" or
"des" right after a noun that a determiner opened (within three words before it, only numbers
and adjectives between), and before a word that is no verb, is read as the preposition "von"
("die letzten 100 Zeilen von den Logs"), which the grammar reads already. Only on a sentence
whose every step observes (``relatives``): after the object of a step that changes or sends
something the same article is a dative recipient ("ich schicke die Rechnung der Kundin"), and
the refusal stays.

A Korean purpose of ability, "V-ㄹ 수 있도록" / "V-ㄹ 수 있게" ("so that one can V"): the
noun "수" after a verb's future adnominal (a syllable ending in ㄹ) and before exactly "있도록"
or "있게" is read as the plain purpose "V-도록", which the grammar reads already ("참고하시도록
날씨를 확인해 보겠습니다"). Its negation ("없도록", "없어서"), a condition ("있으면") or a
cause ("있어서") are not read and stay refused.

A Chinese existential in an embedded question, "看看有哪些时间合适" ("see which times there
are that suit"): "有" right after a verb of the step (ACTING) and right before a word of inquiry
is read as the question without it ("看看哪些时间合适"), which the grammar reads already. "有"
anywhere else (a subject, "有人让我…"; before no question word) stays refused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from .relatives import _observing
from .words import Token, Tongue

__all__ = ["able_purpose", "asked_existential", "attributed", "genitive_of"]

_T = TypeVar("_T", bound=Token)

_GENITIVE = frozenset({"der", "des"})
_BETWEEN = frozenset({"OPEN", "NUM"})
"""Words between the determiner and the noun it opens (adjectives, a count)."""

_ABLE = frozenset({"있도록", "있게"})
"""The positive ability with a purpose ending; "없도록" (cannot) is left out on purpose."""


def _noun_phrase(tokens: Sequence[Token], k: int) -> bool:
    """The OPEN token at ``k`` closes a noun phrase a determiner opened within three words."""
    for j in range(k - 1, max(-1, k - 5), -1):
        if tokens[j].kind == "DET":
            return True
        if tokens[j].kind not in _BETWEEN:
            return False
    return False


def genitive_of(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with a German genitive article after a noun read as "von" (see the module),
    on a sentence that only observes; else the tokens as they are."""
    out = list(tokens)
    if t.name != "de":
        return out
    for k in range(2, len(out) - 1):
        x = out[k]
        if x.kind != "DET" or x.text not in _GENITIVE or out[k - 1].kind != "OPEN":
            continue
        if not _noun_phrase(out, k - 1) or t.kind_of(out[k + 1].text) is not None:
            continue
        if out[k + 1].kind not in ("OPEN", "CODE"):
            continue
        if not _observing(out, t):
            return list(tokens)
        out[k] = replace(x, kind="PREP", text="von")
    return out


def able_purpose(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens without "수 있도록" after a verb's future adnominal (see the module); else
    the tokens as they are."""
    out = list(tokens)
    if t.name != "ko":
        return out
    for k in range(1, len(out) - 2):
        v = out[k - 1]
        if out[k].text != "수" or out[k + 1].text not in _ABLE or v.kind != "OPEN":
            continue
        last = ord(v.text[-1]) - 0xAC00
        if 0 <= last < 11172 and last % 28 == 8:  # the final consonant ㄹ
            return out[:k] + out[k + 2:]
    return out


def asked_existential(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens without a Chinese "有" between a step's verb and a word of inquiry (see the
    module); else the tokens as they are."""
    out = list(tokens)
    if t.name != "zh":
        return out
    for k in range(1, len(out) - 1):
        if (out[k].text == "有" and out[k - 1].kind == "ACTING"
                and out[k + 1].kind == "INQUIRY"):
            return out[:k] + out[k + 1:]
    return out


def attributed(tokens: Sequence[_T], t: Tongue) -> list[_T]:
    """The tokens with the three slots of the module read (each in its own language)."""
    return asked_existential(able_purpose(genitive_of(tokens, t), t), t)
