"""Words of an announcement that the text a send or commit writes stands for
(``carriednouns._unnamed_noun``).

"I'll post the release note to #releases.": "note" names the genre of what the send writes,
as "message" does; the call's text argument is that note, whatever its words. A noun of
[g-genre] (message genres: "note", "notice", "announcement", "update", "summary") heading a
determined noun phrase, with the plain words before it ("the meeting notes", "the outage
update": what the text is about), is therefore no noun a send must carry when the call
writes a free text and takes nothing but text and where it goes (``plain_send``): a call
that also picks an existing record ("forward the payroll notice" + ``message_id``) still
carries every noun. The destination and every other noun are carried as before.

A manner adjective of a text ([g-text-manner]: "descriptive", "short") right before a noun of
[g-genre] ("with a descriptive message") says how the text is written: a send or commit that
writes a text need not carry it either.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .kinds import _keys, name_words
from .tables import english
from .words import Token, Tongue

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_DETERMINERS = frozenset({"DET", "DEM", "POSS"})
_WHERE = ("destination", "recipient", "address")


def phrases(tokens: Sequence[Token], t: Tongue, verbs: Collection[str] = (),
            ) -> list[tuple[str, str]]:
    """(word, role) of each word a text stands for: "genre" for a [g-genre] head of a noun
    phrase after a determiner and the plain words between them, "manner" for a
    [g-text-manner] word right before a [g-genre] noun."""
    out: list[tuple[str, str]] = []
    for k, x in enumerate(tokens):
        if x.kind != "OPEN" or x.text in verbs or not t.has(x.text, "g-genre"):
            continue
        if k + 1 < len(tokens) and tokens[k + 1].kind in ("OPEN", "CODE"):
            continue  # not the head: "the notes file" is a file
        j = k - 1
        while j >= 0 and tokens[j].kind == "OPEN" and tokens[j].text not in verbs:
            j -= 1
        mods = tokens[j + 1:k]
        if mods and k - 1 >= 0 and t.has(tokens[k - 1].text, "g-text-manner"):
            out.append((tokens[k - 1].text, "manner"))
        if j < 0 or tokens[j].kind not in _DETERMINERS:
            continue
        if all(m.text.isalpha() for m in mods):
            out.extend((w, "genre") for w in (*(m.text for m in mods), x.text))
    return out


def _texted(args: Mapping[str, Any]) -> bool:
    """The call writes a free text: a string of words under a key of what is written
    ([keys-prose]) that is neither a note beside it nor its heading."""
    own = _keys("prose") - _keys("note") - _keys("heading")
    return any(isinstance(k, str) and set(name_words(k)) & own and isinstance(v, str)
               and v.strip() for k, v in args.items())


def plain_send(args: Mapping[str, Any]) -> bool:
    """The call writes a text and says only where it goes: each key is one of a destination,
    a recipient or an address (``channel_id``), or all its words are of what is written
    (``message_id`` picks a message written before)."""
    where = frozenset().union(*(_keys(r) for r in _WHERE))
    return _texted(args) and all(isinstance(k, str) and (
        set(name_words(k)) & where or set(name_words(k)) <= _keys("prose")) for k in args)


def _turned(args: Mapping[str, Any], t: Tongue, said: Sequence[tuple[str, str]]) -> bool:
    """The text says an undoing or a negation ([g-reverse], [g-negation]: "v2.3.0 is
    cancelled", "the deal is off" is no release note): it is then another message than the
    genre names, so the genre is carried as before."""
    own = {w for w, _r in said}
    return any(w not in own and (t.has(w, "g-reverse") or t.has(w, "g-negation"))
               for v in args.values() if isinstance(v, str)
               for w in _WORD.findall(v.casefold()))


def aside(said: Sequence[tuple[str, str]], calls: Sequence[tuple[str, Mapping[str, Any]]],
          kinds_of: Sequence[frozenset[str]]) -> set[str]:
    """The words of ``said`` (``phrases``) the calls' texts stand for: genre words when some
    send is a plain one, manner words when some send or commit writes a text."""
    en = english()
    genre = any("send" in k and plain_send(a) and not _turned(a, en, said)
                for (_n, a), k in zip(calls, kinds_of, strict=True))
    manner = any(k & {"send", "commit"} and _texted(a)
                 for (_n, a), k in zip(calls, kinds_of, strict=True))
    return {w for w, role in said if (genre if role == "genre" else manner)}
