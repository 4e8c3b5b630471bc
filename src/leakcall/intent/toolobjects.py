"""The object noun of a changing tool's name is the announced object's (round 46 gap 3, h20c;
rule ``ungrounded-call``, read by ``looked.unwritten`` over the reply's calls).

A changing tool's name says its verb and then what it acts on: ``delete_branch`` deletes a
branch, ``cancel_subscription`` a subscription, ``stop_instance`` an instance. The nouns are
the words of the name after its verb that no kind of kinds.txt claims, of three letters or
more (as ``values._unnamed_target`` reads the first). They are *said* when a word of the text
names one, by stem or through the lexicon's [concept] maps ("pedido" is an order, "meeting" an
event: ``references._referenced``). A changing call whose noun is not said is refused when
the text names the object otherwise:

- **a sibling**: another changing call of the reply, of a kind this one takes too and
  carrying every word of the text this one carries, has its noun said ("I'll delete the
  `staging` branch." + ``delete_branch staging`` + ``delete_environment staging``; "stop
  the `worker-3` container and remove it" + ``remove_container`` + ``remove_image``): the
  shared value and verb ground the sibling, and the announced noun picks it; this one acts
  on another kind of thing. A call carrying a word of its own ("remove the `tmp` folder and
  uninstall `left-pad`" + ``uninstall_package left-pad``) is grounded by it;
- **a numbered record**, for a deleting call: the call carries the number the text writes
  right after a deleting verb's object noun (``_numbered_objects``: "cancel order 1234" +
  ``cancel_subscription {id: 1234}``): that number is the named record's, and the call
  deletes a thing of another kind by it. The
  noun is read in English, or in another language through the [concept] maps ("o pedido
  1234" is an order's); a noun they do not read ("a assinatura 1234") is not compared.

A call whose name has no such noun (``git_commit``, ``edit``), or whose noun is said, is not
read here; neither is a reply whose calls name no object the text says (a turn's tools are
often named otherwise than the announcement names the thing: "fix the bug" + ``write_file``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .kinds import name_words
from .named import _kind_table
from .observing import OBSERVING
from .preamble import Announcement
from .references import _CALL_WORD, _meanings, _referenced
from .sentenceread import read
from .view import normalize
from .walk import _leaves, _strings

__all__ = ["unnamed_object"]


def _nouns(name: str) -> tuple[str, ...]:
    """The object nouns of a tool's name: its words after the verb that no kind claims, of
    three letters or more (``environment`` of ``delete_environment``; ``pull`` and
    ``request`` of ``create_pull_request``), or none."""
    table = _kind_table()[0]
    words = name_words(name)
    if len(words) < 2 or words[0] not in table:
        return ()
    return tuple(w for w in words[1:] if w not in table and len(w) >= 3)


def _said(nouns: tuple[str, ...], ann: Announcement) -> bool:
    """Some word of the text names one of ``nouns`` (by stem, or through a [concept] map)."""
    words = [w for w in (*ann.objects, *ann.observed) if not w.strip("`\"'#").isdigit()]
    return _referenced(words, " ".join(nouns), frozenset(nouns), ann.tongues) is not None


def _carried(name: str, args: Mapping[str, Any], ann: Announcement) -> frozenset[str]:
    """The words of the text a call carries in its name or values (``_referenced``)."""
    text = " ".join([name.casefold(), *(x.casefold() for x in _strings(args, keys=False))])
    words = frozenset([*name_words(name), *_CALL_WORD.findall(text)])
    return frozenset(w for w in (*ann.objects, *ann.observed)
                     if _referenced([w], text, words, ann.tongues) is not None)


def _numbers(args: Mapping[str, Any]) -> set[str]:
    out: set[str] = set()
    for _k, v in _leaves(args):
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            s = str(v).strip().lstrip("#")
            if s.isdigit():
                out.add(s.lstrip("0") or "0")
    return out


def _numbered_objects(ann: Announcement) -> dict[str, str]:
    """number -> noun of each object of a deleting step written as a noun and its number
    right after the verb, determiners aside ("cancel order 1234", "cancel my booking 1234",
    "cancelar o pedido 1234", "取消订单 1234"; not "remove Bob from project 4411", whose
    project is no object deleted), when the noun names a kind of thing: an English word, or
    a word of another language the [concept] maps read ("pedido" is an order)."""
    verbs = {v.casefold() for v, k in ann.verbs if k == "delete"}
    out: dict[str, str] = {}
    if not verbs:
        return out
    for _body, t, tokens in read(normalize(ann.text)):
        for k, x in enumerate(tokens):
            if x.text.casefold() not in verbs:
                continue
            j = k + 1
            while j < len(tokens):
                while j < len(tokens) and tokens[j].kind == "DET":
                    j += 1
                if j + 1 >= len(tokens) or tokens[j].kind != "OPEN":
                    break  # (a word of a verb kind before a number is a noun: "order 1234")
                noun, number = tokens[j].text, tokens[j + 1].text.lstrip("#")
                if tokens[j + 1].kind not in ("NUM", "CODE") or not number.isdigit():
                    break
                if t.name == "en" or _meanings(noun.casefold()):
                    out[number.lstrip("0") or "0"] = noun
                j += 2  # "cancel order 1234 and subscription 55"
                if j < len(tokens) and tokens[j].kind in ("AND", "COMMA"):
                    j += 1
                else:
                    break
    return out


def unnamed_object(ann: Announcement, calls: Sequence[tuple[str, Mapping[str, Any]]],
                   kinds_of: Sequence[frozenset[str]]) -> str | None:
    """Why a changing call acts on a kind of thing the text does not name, where the text
    names the object otherwise, or None (module docstring)."""
    changing = [(name, args, kinds - OBSERVING, _nouns(name))
                for (name, args), kinds in zip(calls, kinds_of, strict=True) if kinds - OBSERVING]
    # a noun is said in the words of the name after its verb ("pull request" of
    # ``create_pull_request``, whose "request" a kind claims)
    said = {own: _said(tuple(name_words(n)[1:]), ann) for n, _a, _k, own in changing if own}
    objects: dict[str, str] | None = None
    for name, args, kinds, own in changing:
        if not own or said[own]:
            continue
        noun = " ".join(own)
        mine = _carried(name, args, ann)
        sibling = next((other for other, a, k, n in changing
                        if other != name and n and said[n] and k & kinds
                        and mine <= _carried(other, a, ann)), None)
        if sibling is not None:
            return (f"{name!r} acts on the kind of thing {noun!r}, which the text does not "
                    f"name, beside {sibling!r}, whose object it names")
        if "delete" not in kinds:
            continue
        if objects is None:
            objects = _numbered_objects(ann)
        number = next((n for n in sorted(_numbers(args)) if n in objects), None)
        if number is not None:
            return (f"{name!r} acts on the kind of thing {noun!r} by {number!r}, the number "
                    f"of the {objects[number]!r} the text deletes")
    return None
