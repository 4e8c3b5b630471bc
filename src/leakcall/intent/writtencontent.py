"""Written content is the announced step's (issue 25, round 36; read by ``beyond.check``).

- a step that adds to a file the announcement names as where it adds ("add `dist/` to
  `.gitignore`", "append today's entry to CHANGELOG.md") is no write of the whole file whose
  content is only the added text (one line), or lacks the part of the file the step adds
  into ("to the API section of `docs/api.md`" + a content with no API heading): such a write
  replaces what the file held, unless the announcement makes the file new ("to a new file");
- a step that changes a part of a file the announcement names as where the part is ("fix the
  typo in README.md", "bump the version in pyproject.toml", "config.yaml のポートを変更",
  "把 config.yaml 里的端口改成 8080") is a local edit: a write of that whole file replaces
  what the rest of the file held, and nothing shows that the content keeps it, unless the
  announcement writes the file whole itself (a verb of writing, saving or making: "write",
  "rewrite", "create") or says the whole or a new file ("its whole content", "a new file");
- the text a typing call types ends as the text ends: a trailing newline or carriage return
  is a key press (it submits the form) the announcement does not say, unless it says one
  ("and press Enter") or a run (a command typed to be run).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from .elided import unelided
from .kinds import _keys, name_words
from .kindsfile import section
from .preamble import Announcement
from .statedsettings import check as _stated_settings
from .tables import tongues_of
from .walk import _keyed_strings

__all__ = ["check"]

_ADDING = re.compile(
    r"^(?:add|append|insert|füg|hinzufüg|anhäng|häng|einfüg|ergänz|ajout|insér|insèr|"
    r"añad|agreg|anex|aggiung|accod|adicion|acrescent|insir|voeg|toevoeg|dodaj|lägg|"
    r"ekle|добав|додай|додав)", re.IGNORECASE)
"""Verbs (their stems) of a step that adds to what a thing holds: the closed class whose
step keeps the rest of the destination."""
_INTO = (r"(?:to|into|onto|in|at the end of|zu|zur|zum|in die|in den|ins|an|à|au|aux|dans|"
         r"a|al|en|ao|na|no|aan|till|i|do|w|в|до)")
"""Prepositions of where an added thing goes."""
_FRESH = re.compile(r"\b(?:new|neue[nrs]?|nouve(?:au|lle)|nuev[oa]|nuov[oa]|nov[oa]|"
                    r"nieuwe?|nya?|nytt|yeni|нов\w*)\b", re.IGNORECASE)
"""A destination said to be new: the write creates it."""
_WHOLE_NAME = frozenset({"write", "save", "put", "overwrite", "create"})
_PART_NAME = frozenset({"append", "insert", "add", "edit", "patch", "replace", "str"})
_CONTENT_KEYS = section("keys-file-content")
_FILE_KEYS = frozenset({"path", "file", "filename", "filepath", "name", "target",
                        "encoding"}) | _CONTENT_KEYS
"""Key words of a call that writes a file whole and nothing else: where, its content."""


def _whole_write(name: str, args: Mapping[str, Any]) -> str | None:
    """The path a call writes whole (a write tool with only a path and the content), or None."""
    words = set(name_words(name))
    if not words & _WHOLE_NAME or words & _PART_NAME:
        return None
    keys = {k: set(name_words(k)) for k in args}
    if not all(w <= _FILE_KEYS for w in keys.values()) or \
            not any(w & _CONTENT_KEYS for w in keys.values()):
        return None
    return next((v for k, v in args.items() if isinstance(v, str) and keys[k]
                 and not keys[k] & (_CONTENT_KEYS | {"encoding"})), None)


_ADDED_LINES = 1
"""The most lines (blank ones aside) a content that is only the added text holds: one line
added (an ignore pattern, a sentence); a longer content may be the file's whole text with the
addition in it (``flask`` kept beside the added ``httpx``, a module with its new helper)."""


def _lines(args: Mapping[str, Any]) -> int:
    """The non-blank lines of the content a whole write carries."""
    return max((sum(1 for x in v.splitlines() if x.strip()) for k, v in args.items()
                if isinstance(v, str) and set(name_words(k)) & _CONTENT_KEYS), default=0)


def _added_into(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A whole-file write for a step that adds to the file the announcement names as where."""
    verb = next((v for v, _k in ann.verbs if any(  # "j'ajoute" adds (``elided``)
        _ADDING.match(unelided(t.marks, v.casefold())) for t in tongues_of(ann.tongues))
        or _ADDING.match(v)), None)
    path = _whole_write(name, args) if verb is not None else None
    if verb is None or path is None:
        return None
    base = PurePosixPath(path.strip()).name.casefold()
    if not base:
        return None
    # the destination comes after what is added ("add a `Dockerfile`" adds the file itself)
    text = ann.text.casefold()
    at = re.search(r"\b" + re.escape(verb.casefold()) + r"\S*\s+\S+", text)
    if at is None:
        return None
    m = re.search(r"(?:^|[\s'’])" + _INTO + r"\s+((?:\S+\s+){0,5}?)[`\"'“«]?(?:\S*/)?"
                  + re.escape(base) + r"(?![\w-]|\.\w)", text[at.end():])
    if m is None or _FRESH.search(m.group(1)):
        return None
    if _lines(args) > _ADDED_LINES or len(m.group(1).split()) > 3:
        # a longer content may be the whole file with the addition in it, unless it lacks
        # the part of the file the step adds into ("to the API section of docs/api.md")
        part = _PART.match(m.group(1))
        content = " ".join(v for k, v in args.items() if isinstance(v, str)
                           and set(name_words(k)) & _CONTENT_KEYS).casefold()
        if part is None or any(w in content for w in re.findall(r"[^\W_]{3,}", part[1])):
            return None
        return (f"{name!r} writes {path!r} whole without {part[0].strip()!r} the step adds "
                "into, replacing what it held")
    return (f"{name!r} writes {path!r} whole, replacing what it held, where the announced "
            "step adds to it")


_WRITING = re.compile(
    r"^(?:writ|rewrit|overwrit|sav|stor|put|dump|export|generat|regenerat|implement|refactor|"
    r"restructur|reorgani|draft|fill|populat|paste|copy|cop|mov|insert|append|restor|revert|"
    r"schreib|überschreib|speicher|erstell|implementier|refaktor|füll|exportier|kopier|"
    r"écri|écriv|réécri|enregistr|sauvegard|stock|cré|implément|rempli|colle|"
    r"escrib|reescrib|guard|almacen|cre|rellen|pega|"
    r"scriv|riscriv|salv|memorizz|riemp|incoll|"
    r"escrev|reescrev|grav|armazen|cri|preench|"
    r"schrijf|schrijv|herschrijf|overschrijf|bewaar|opsla|maak|vul|"
    r"zapis|zapisz|napisz|napis|przepisz|nadpisz|zachowa|utworz|utwórz|stwórz|wypełn|"
    r"запиш|напиш|перепиш|сохран|созда|заполн|зберіж|збереж|створ|"
    r"zapíš|napíš|přepíš|ulož|vytvoř|skriv|spara|lagra|skapa|fyll|"
    r"tulis|simpan|buat|yaz|kaydet|oluştur|"
    r"書|保存|作成|生成|実装|上書|記述|写|存|创建|新建|实现|覆盖|重写|填|"
    r"쓰|작성|저장|생성|만들|구현|덮어)", re.IGNORECASE)
"""Verbs (their stems) of a step that writes a file's text whole (writes, saves, makes it) or
puts given text in it: under one, a whole write of a file is the step itself."""
_WHOLE_SAID = re.compile(
    r"\b(?:whole|entire|full|complete|contents?|from scratch|ganze[nrms]?|gesamte[nrms]?|"
    r"komplett\w*|inhalt\w*|enti[eè]re?|tout le|contenu|enter[oa]|todo el|contenido|inter[oa]|"
    r"tutto il|contenuto|inteir[oa]|todo o|conteúdo|hele|inhoud|cał\w*|zawartoś\w*|"
    r"весь|всё|целиком|содержим\w*|cel[ýéá]\w*|obsah\w*|hela|innehåll\w*|seluruh|"
    r"isi(?:nya)?|tüm|içeri\w*)\b|全体|全部|内容|全文|整个|전체|내용", re.IGNORECASE)
"""Words saying the whole of a file or its content: a step over all of it."""
_AT = (r"(?:in|inside|within|into|im|in der|in dem|dans|en|nel|nella|nello|no|na|em|op|"
       r"в|во|у|w|we|v|ve|i|di|dalam|pada)")
"""Prepositions of where a part is (its file)."""
_OF = (r"(?:\s*(?:ファイル|文件|파일)?\s*(?:의|에서|에 있는|の|内の|にある|中の|里的|中的|里|中|内的|的)"
       r"|['’]?(?:[dt][ae]ki|n[dt][ae]ki|içindeki)|\s+dosyas[ıi]n[dt]aki)")
"""Particles after a file that make it the place of what follows ("README.md 의 오타")."""
_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|[。！？；\n]")


def _namesake(before: str, path: str) -> bool:
    """The noun before the place is a word of the file's own name ("the failing test in
    tests/test_cart.py", "the config in config.yaml"): the object names the file itself, as
    "fix config.yaml" does, not a part of it."""
    head = re.findall(r"[^\W\d_]+", before)
    words = set(re.findall(r"[^\W\d_]+", path.casefold()))
    return bool(head) and bool({head[-1], head[-1].removesuffix("s"), head[-1] + "s"} & words)


def _edited_in(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """A whole-file write for a step that changes a part of the file the announcement names as
    where the part is."""
    path = _whole_write(name, args)
    if path is None:
        return None
    base = PurePosixPath(path.strip()).name.casefold()
    verbs = [unelided(t.marks, v.casefold()) for v, k in ann.verbs if k == "write"
             for t in tongues_of(ann.tongues)] or [v.casefold() for v, k in ann.verbs
                                                     if k == "write"]
    if not base or not verbs or any(k not in ("write", None) for _v, k in ann.verbs) or \
            any(_WRITING.match(v) or _ADDING.match(v) for v in verbs):
        return None
    named = r"[`\"'“«「]?(?:\S*/)?" + re.escape(base) + r"[`\"'”»」]?"
    place = re.compile(r"(?:^|[\s'’(])" + _AT + r"\s+((?:\S+\s+){0,3}?)" + named
                       + r"(?![\w-]|\.\w)|(?<![\w./-])()" + named + _OF)
    for clause in _SENTENCE.split(ann.text.casefold()):
        if not any(v in clause for v in verbs):
            continue
        m = place.search(clause)
        # the file said new where it is named ("in a new file"), or the whole said beside
        # the place ("rewriting its whole content"; "in the whole README.md" is still a part)
        if m is None or _FRESH.search(m.group(1) or "") or \
                _WHOLE_SAID.search(clause[:m.start()] + " " + clause[m.end():]) or \
                _namesake(clause[:m.start()], path):
            continue
        return (f"{name!r} writes {path!r} whole, replacing what it held, where the announced "
                "step changes a part of it")
    return None


_PART = re.compile(r"^(?:the\s+|its\s+)?(\S+(?:\s+\S+)?)\s+(?:section|part|heading|chapter|block|"
                   r"list|table)\s+(?:of|in)\s+$")
"""A part of the file named before it ("the API section of"): the file holds more than the
addition, and its whole text holds the part's name."""
_PRESS = re.compile(r"\b(?:press|hit|submit|enter key|return key|drück|drücke|appuie|appuyer|"
                    r"entrée|puls[ae]|presion[ae]|premi|invio|druk|tryck|naciśnij|нажм)",
                    re.IGNORECASE)
"""Words that say a key press (or a submit) beside the typing."""


def _pressed(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Text a typing call types that ends in a newline the announcement does not say."""
    if not set(name_words(name)) & section("typing-tool") or any(k == "run" for _v, k in ann.verbs) \
            or _PRESS.search(ann.text):
        return None
    for key, value in _keyed_strings(args):
        if set(name_words(key)) & _keys("typed") and value.strip() and \
                value.rstrip(" \t") != value.rstrip():
            return (f"{name!r} types {value[-12:]!r}: its trailing newline presses a key "
                    "the announcement does not say")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why the content a changing call writes or types is not the announced step's, or None."""
    return _added_into(name, args, ann) or _pressed(name, args, ann) \
        or _edited_in(name, args, ann) or _stated_settings(name, args, ann)
