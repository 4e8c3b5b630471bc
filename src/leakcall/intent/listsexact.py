"""Lists and identifiers carried exactly (issue 25, round 36 ``array-extra-element``,
``lookalike-read-id``, ``product-identity``, ``article-quantity``; read by ``beyond.check``).

- A changing call's list of targets, when the announcement writes out its items (code spans,
  paths), holds those items and no more: an item the announcement does not write, or a
  folder holding another item of the list (``tmp`` beside ``tmp/a.log``), is more.
- Items the announcement describes by a kind of file with a closed set of extensions ("the
  log files", [file-kind-ext]) are each of that kind by their name's extension: an
  ``audit-trail.db`` is no log file.
- A read's identifier under an identifying key (``order_id``) is the one the announcement
  writes, whole (``identity.drifted``, which reads changing calls); a search's query is no
  identifier.
- A quantity a changing call orders above one is a count the announcement says (digits, a
  numeral word): "a pack" is one.
- A count, age or keep-zero a change takes is what the text says (``countedchange``).
- A list of words the text names one item of holds no item it says nothing of
  (``_extra_word``: "for pushes" + ``events: ["push", "secret_scanning_alert"]``).
- A product's id holding a word of a bulk size ([bulk-size]: ``pallet``, ``bulk``) the
  announcement does not say is another product.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import countedchange
from .amounts import _IDENTIFIER
from .figures import numbers, spoken
from .identity import _bare, _written_identifier, drifted, same_identifier
from .kinds import _keys, name_words
from .kindsfile import section, section_map
from .preamble import Announcement
from .references import in_vocabulary, vocabulary

__all__ = ["check", "extra_words"]

_FILE_STEMS = ("file", "datei", "fichier", "archiv", "arquiv", "bestand", "fil", "plik",
               "dosya", "файл", "文件", "檔案", "ファイル", "파일")
"""Stems of the nouns of files ("files", "Dateien", "fichiers", "файлы")."""
_QUANTITY = frozenset({"quantity", "qty", "count", "units"})
_PRODUCT = frozenset({"product", "item", "sku", "article", "listing", "variant"})
_ARTICLES = frozenset({"a", "an"})
"""English indefinite articles: one of a thing (other tongues' are ``figures.CARDINALS``)."""


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _target_key(key: str) -> bool:
    words = {_singular(w) for w in name_words(key)}
    return bool(words & (_keys("target") | _IDENTIFIER))


def _lists(args: Mapping[str, Any], every: bool = False) -> list[list[str]]:
    """Each list of strings a call gives under a key of its targets, or under any key
    (``every``) (a JSON list written as a string is read as one)."""
    out = []
    for k, v in args.items():
        if not isinstance(k, str) or not (every or _target_key(k)):
            continue
        got = v
        if isinstance(v, str) and v.strip().startswith("["):
            try:
                got = json.loads(v)
            except ValueError:
                continue
        if isinstance(got, list) and got and all(isinstance(x, str) for x in got):
            out.append([x.strip() for x in got])
    return out


def _inside(outer: str, inner: str) -> bool:
    """``inner`` is a path below ``outer`` by whole segments."""
    o, i = [s for s in outer.split("/") if s], [s for s in inner.split("/") if s]
    return bool(o) and len(i) > len(o) and i[:len(o)] == o


def _leaf(written: str, item: str) -> bool:
    """``written`` names ``item`` down to its last segment (`` `a.log` `` + ``tmp/a.log``)."""
    return same_identifier(written, item) and \
        written.rstrip("/").rsplit("/", 1)[-1] == item.rstrip("/").rsplit("/", 1)[-1]


def _places(written: set[str], bare: list[str]) -> set[str]:
    """The written folders that hold an item another written word names to its last segment
    ("`a.log` and `b.log` in `tmp/`"): the place of the written items, no item of its own."""
    return {w for w in written if any(
        same_identifier(w, b) and not _leaf(w, b) and any(_leaf(o, b) for o in written)
        for b in bare)}


def _spans(ann: Announcement) -> set[str]:
    """The names the announcement writes in code spans."""
    return {_bare(w) for w in (*ann.objects, *ann.observed)
            if w[:1] == "`" and w[-1:] == "`" and len(w) > 2} - {""}


def _extra_item(lists: list[list[str]], ann: Announcement,
                spanned: Sequence[list[str]] = ()) -> str | None:
    """An item beyond the ones written; a list under any key (``spanned``) is read when it
    carries a name the announcement writes in a code span: those names are a closed list."""
    written = {_bare(w) for w in (*ann.objects, *ann.observed) if _written_identifier(w)}
    written.discard("")
    spans = _spans(ann)
    for items in [*lists, *(x for x in spanned if x not in lists)]:
        bare = [_bare(x) for x in items]
        if not written or not any(same_identifier(w, b) for w in written for b in bare):
            continue
        if items not in lists and not any(_leaf(w, b) for w in spans for b in bare):
            continue
        places = _places(written, bare)
        for x, b in zip(items, bare, strict=True):
            if not any(_leaf(w, b) or (same_identifier(w, b) and w not in places)
                       for w in written):
                return (f"the call's list carries {x[:40]!r}, an item the announcement, "
                        "which writes out the items, does not write")
            inner = next((c for c in bare if _inside(b, c)), None)
            if inner is not None:
                return (f"the call's list carries {x[:40]!r}, a folder holding {inner[:40]!r} "
                        "beside it: more than the items the announcement writes")
    return None


def _of_kind(path: str, exts: frozenset[str]) -> bool:
    """The file's name ends in an extension of the kind, a rotation's number or a compression
    after it aside (``app.log.1``, ``app.log.gz``)."""
    parts = path.rsplit("/", 1)[-1].casefold().split(".")[1:]
    while parts and (parts[-1].isdigit() or parts[-1] in {"gz", "bz2", "xz", "zst", "zip"}):
        parts.pop()
    return bool(parts) and parts[-1] in exts


def _other_kind(args: Mapping[str, Any], lists: list[list[str]], ann: Announcement) -> str | None:
    words = [w.strip("`\"'").casefold() for w in ann.objects]
    if not any(w.startswith(_FILE_STEMS) or ("-" in w and w.rsplit("-", 1)[1].startswith(
            _FILE_STEMS)) for w in words):
        return None
    table = section_map("file-kind-ext")
    said = {p for w in words for p in re.split(r"[-_]", w)}
    kinds = [(k, e) for k, e in table.items() if k in said]
    if not kinds:
        return None
    items = [x for xs in lists for x in xs] + [v for k, v in args.items() if isinstance(k, str)
                                               and isinstance(v, str) and _target_key(k)]
    for x in items:
        if ("/" in x or "." in x) and not any(_of_kind(x, e) for _k, e in kinds):
            return (f"the call acts on {x[:40]!r}, which is no {kinds[0][0]} file, the kind "
                    "the announcement names")
    return None


def _said_counts(ann: Announcement) -> set[float]:
    out = set(numbers(ann.text))
    for w in re.findall(r"[^\W_]+", ann.text.casefold()):
        n = spoken(w)
        if n is not None:
            out.add(n)
        elif w in _ARTICLES:
            out.add(1.0)
    return out


def _quantity(args: Mapping[str, Any], ann: Announcement) -> str | None:
    for k, v in args.items():
        if not isinstance(k, str) or not set(name_words(k)) & _QUANTITY:
            continue
        q = v if isinstance(v, (int, float)) and not isinstance(v, bool) else (
            float(v) if isinstance(v, str) and v.strip().isdigit() else None)
        if q is not None and q > 1 and float(q) not in _said_counts(ann):
            return (f"the call orders {q!r} ({k!r}), a count the announcement does not say")
    return None


def _bulk(args: Mapping[str, Any], ann: Announcement) -> str | None:
    sizes = section("bulk-size")
    said = ann.text.casefold()
    for k, v in args.items():
        if not isinstance(k, str) or not isinstance(v, str) or \
                not set(name_words(k)) & _PRODUCT:
            continue
        for piece in re.split(r"[-_/.:\s]+", v.casefold()):
            if piece in sizes and piece not in said:
                return (f"the product {v[:40]!r} is of a bulk size ({piece!r}) the "
                        "announcement does not say")
    return None


def _read_drift(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    keyed = {k: v for k, v in args.items() if isinstance(k, str)
             and set(name_words(k)) & _IDENTIFIER and not isinstance(v, (list, dict))}
    said = [w[1:] if w[:1] == "#" and len(w) > 2 else w for w in (*ann.objects, *ann.observed)]
    return drifted(name, keyed, said) if keyed else None


_ITEM_WORD = re.compile(r"[^\W\d_]+")
_WORD_ITEM = re.compile(r"[^\W\d_][\w-]{0,39}|\*")
"""An item that is a word (``push``, ``pull_request``) or a wildcard; no flag, no number."""


def _extra_word(lists: list[list[str]], ann: Announcement) -> str | None:
    """A list of words one of whose items the text says and another it says nothing of (r50
    G5: "a webhook for pushes" + ``events: ["push", "secret_scanning_alert"]``): the text names
    what the list holds, and an item no word of which it says (by stem or a [concept] map)
    widens it; a wildcard (``*``) is every item, said only by a word of all ([g-universal])."""
    vocab = vocabulary((ann.text, *ann.observed), _ITEM_WORD)

    def said(item: str) -> bool:
        if item == "*":
            return ann.universal
        parts = [p for p in _ITEM_WORD.findall(item.casefold()) if len(p) > 1]
        return any(in_vocabulary(p, vocab) for p in parts)

    for items in lists:
        if len(items) < 2 or not all(_WORD_ITEM.fullmatch(x) for x in items):
            continue
        kept = [x for x in items if said(x)]
        extra = next((x for x in items if not said(x)), None)
        if kept and extra is not None:
            return (f"the call's list carries {extra[:40]!r} beside {kept[0][:40]!r}, an item "
                    "no word of the text says")
    return None


def check(name: str, args: Mapping[str, Any], changing: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a call's list, identifier, quantity or product is not the one announced, or
    None."""
    if not changing:
        return _read_drift(name, args, ann) or countedchange.check(
            name, args, changing, ann, _said_counts(ann))
    lists = _lists(args)
    return _extra_item(lists, ann, _lists(args, every=True)) or _other_kind(args, lists, ann) \
        or _quantity(args, ann) or countedchange.check(name, args, changing, ann,
                                                        _said_counts(ann)) or _bulk(args, ann)


def extra_words(args: Mapping[str, Any], ann: Announcement) -> str | None:
    """``_extra_word`` over every list of the call (read by ``beyond.check`` last: a key the
    schema does not declare is said so first)."""
    return _extra_word(_lists(args, every=True), ann)
