"""A value the announcement writes is the value the call carries in its role (issue 25, round
34): a number in digits, in words or glued to its unit ("three boxes", "21℃", "10min", "for
a year"), a date or a span of dates, a setting's value in an edit, one occurrence of an event.
Where the announcement writes no value, nothing is compared (grounding as before)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import date, timedelta
from typing import Any, Literal

from .dated import _ISO, _dates_in, written_dates
from .figures import CARDINALS, figure, spoken
from .hyphenated import Compound, split
from .kinds import name_words
from .namedsetting import setting_names
from .numberwords import compound, unreadable
from .preamble import Announcement
from .units import signed
from .walk import _keyed_strings, _leaves

_SECONDS: dict[str, float] = {
    "ms": 0.001, "msec": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "millisekunde": 0.001, "millisekunden": 0.001, "milliseconde": 0.001,
    "millisecondes": 0.001, "milisegundo": 0.001, "milisegundos": 0.001, "миллисекунд": 0.001,
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "sekunde": 1, "sekunden": 1,
    "seconde": 1, "secondes": 1, "segundo": 1, "segundos": 1, "secondi": 1, "seconden": 1,
    "sekund": 1, "sekundy": 1, "sekundę": 1, "секунд": 1, "секунды": 1, "секунду": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "minuten": 60, "minuto": 60,
    "minutos": 60, "minuti": 60, "minut": 60, "minuty": 60, "minutę": 60, "минут": 60,
    "минуты": 60, "минуту": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600, "stunde": 3600,
    "stunden": 3600, "heure": 3600, "heures": 3600, "hora": 3600, "horas": 3600,
    "godzin": 3600, "godziny": 3600, "godzinę": 3600, "часов": 3600, "часа": 3600,
    "d": 86400, "day": 86400, "days": 86400, "tag": 86400, "tage": 86400, "tagen": 86400,
    "jour": 86400, "jours": 86400, "día": 86400, "días": 86400, "dia": 86400, "dias": 86400,
    "saniye": 1, "dakika": 60, "saat": 3600, "gün": 86400,
    "毫秒": 0.001, "ミリ秒": 0.001, "밀리초": 0.001, "秒": 1, "秒钟": 1, "秒間": 1, "초": 1,
    "分钟": 60, "分間": 60, "분": 60, "小时": 3600, "時間": 3600, "시간": 3600,
    "week": 604800, "weeks": 604800, "woche": 604800, "wochen": 604800, "semaine": 604800,
    "semaines": 604800, "semana": 604800, "semanas": 604800,
}
"""Units of time up to a week and their length in seconds (a millisecond's a thousandth:
``timeout_ms``)."""
_MONTHS: dict[str, int] = {
    "month": 1, "months": 1, "monat": 1, "monate": 1, "monaten": 1, "mois": 1, "mes": 1,
    "meses": 1, "year": 12, "years": 12, "yr": 12, "yrs": 12, "jahr": 12, "jahre": 12,
    "jahren": 12, "an": 12, "ans": 12, "année": 12, "années": 12, "año": 12, "años": 12,
    "ano": 12, "anos": 12,
}
"""Units of calendar time and their length in months."""
_ARTICLES = frozenset({"a", "an", "one", "ein", "eine", "einen", "un", "une", "uno", "una",
                       "um", "uma"})
"""Articles that write a count of one before a unit of time ("for a year", "ein Jahr")."""
_TOKEN = re.compile(r"[^\s,;:!?()]+")
_GLUED_UNIT = re.compile(r"\d[\d,.]*([^\W\d_]+)")

Unit = tuple[str, float] | None
"""("s", seconds) or ("m", months) of a unit of time; None for any other unit."""


def _unit(word: str) -> Unit:
    w = word.casefold()
    if w in _SECONDS:
        return "s", _SECONDS[w]
    if w in _MONTHS:
        return "m", _MONTHS[w]
    return None


def amount(word: str) -> tuple[Compound, Unit] | None:
    """The amount a hyphenated compound writes and its unit of time, if it is one
    (``hyphenated.split``: "10-minute", "half-hour", "week-long", "5-star", "$200-per-day"):
    one in words or a fraction only before a unit of time or "percent" ("two-hour"; "one-time",
    "twenty-first" are no amount); a rate ("per day") has no unit of time itself."""
    c = split(word)
    if c is None:
        return None
    unit = _unit(c.unit)
    if c.worded and unit is None and c.unit not in _PERCENT_WORDS:
        return None
    return c, None if c.rate else unit


_PERCENT_WORDS = frozenset({"percent", "prozent", "procent", "percento", "por", "pour"})


def values(words: Sequence[str], spelled: bool = False) -> list[tuple[float, Unit]]:
    """(number, unit of time or None) of each number the words write: in
    digits, in words, glued to its unit ("10min"), in a hyphenated compound ("10-minute",
    ``amount``), or an article before a unit of time ("a year"); a date's digits are no
    number (``dated``). ``spelled``: only numbers written in words or by an article ("one
    more box", "for a year", "half-hour")."""
    dated = {i for _d, at in written_dates(words) for i in at}
    out: list[tuple[float, Unit]] = []
    skip = 0
    for i, w in enumerate(words):
        if skip:
            skip -= 1
            continue
        if i in dated or _ISO.search(w):
            continue
        hyphened = amount(w)
        if hyphened is not None:
            if not spelled or hyphened[0].worded:
                out.append((hyphened[0].number, hyphened[1]))
            continue
        worded = compound(words, i)  # "twenty one", "vingt et un": one number of words
        span = worded[1] if worded is not None else 1
        skip = span - 1
        after = words[i + span] if i + span < len(words) else ""
        low = w.strip("`\"'()").casefold()
        n = float(worded[0]) if worded is not None else spoken(w)
        if n is None and low in _ARTICLES and _unit(after) is not None:
            n = 1.0
        if n is None or (spelled and any(ch.isdigit() for ch in low)):
            continue
        glued = _GLUED_UNIT.fullmatch(low)
        unit = _unit(glued[1]) if glued is not None else _unit(after)
        out.append((n, unit))
    return out


_COUNT_KEYS = frozenset({"quantity", "qty", "count", "copies", "units", "amount", "years",
                         "months", "weeks", "days", "hours", "minutes", "seconds", "limit",
                         "temperature", "temp", "replicas", "lines", "times", "duration"})
"""Key name words of a quantity a step sets: the role a written number fills."""
ID_KEY_WORDS = frozenset({"id", "ids", "uuid", "ref", "reference", "number", "no", "num"})
"""Key words of an identifier (``bill_id``, ``issue_number``): a number under one says which
thing; each reader adds the words of its own (``amounts``, ``unsaidnumbers``)."""

_IDENTIFIER = ID_KEY_WORDS | {"code", "sku", "card", "account"}


def _numeric(args: Mapping[str, Any]) -> list[tuple[str, float, Unit]]:
    out: list[tuple[str, float, Unit]] = []
    setting = setting_names(args)  # ``value`` beside ``key: replicas`` is the replica count
    for own, leaf in _leaves(args):
        key = setting[0] if own == "value" and setting and leaf is args.get("value") else own
        words = set(name_words(str(key)))
        if isinstance(leaf, bool) or words & _IDENTIFIER:
            continue
        if isinstance(leaf, (int, float)):
            v: float | None = float(leaf)
        elif isinstance(leaf, str):
            v = figure(leaf.strip())
        else:
            continue
        if v is not None:
            unit = next((u for w in words if (u := _unit(w)) is not None), None)
            out.append((str(key), v, unit))
    return out


def _same(n: float, unit: Unit, v: float, key_unit: Unit) -> bool:
    if unit is not None and key_unit is not None:
        # days are no months: a "30-day" retention is no 30 months; the two agree to a
        # hundredth of the finer unit ("0.5 seconds" is 500 ms, not 499 ms: h16g)
        return unit[0] == key_unit[0] and abs(n * unit[1] - v * key_unit[1]) < 0.005 * min(
            unit[1], key_unit[1])
    return abs(n - v) < 0.005


def writes(value: object, ann: Announcement) -> bool:
    """The announcement writes the value whole (the one reader of "the text writes this
    value" that ``placekeys``, ``unsaidvalues`` and ``deletedextras`` share): a string, or a
    number as its digits, stands in its text, an object or an observation, compared
    casefolded, as no part of a longer word, number, path or name: "`out/a.bin`" writes no
    ``out/b.bin``, ``a.bin`` or ``out/a``, "api-v2" no ``api``, "1.5" no ``1``, "0000-1" no
    ``0000``. A boolean, an empty string or any other value is not written."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        value = str(value).removesuffix(".0")
    if not isinstance(value, str) or not value.strip():
        return False
    return any(stands(value.strip(), t) for t in (ann.text, *ann.objects, *ann.observed))


def stands(value: str, text: str, joins: str = "./-") -> bool:
    """The value stands in the text whole, both casefolded (the one boundary rule of "the text
    writes this value": ``writes``, ``repeats``, ``guessedvalue``): no word character and none
    of ``joins`` before it, none after it, and a ``.`` after it only as a full stop (before no
    word character). ``joins`` are the characters that glue a longer token: ``./-`` a path, a
    host or a number ("1.5" writes no ``1``); ``-`` an identifier ("A-12" no ``A``); ``.`` a
    setting's value ("8080" no ``80``)."""
    v = value.casefold()
    if not v:
        return False
    before, after = re.escape(joins), re.escape(joins.replace(".", ""))
    return re.search(rf"(?<![\w{before}]){re.escape(v)}(?![\w{after}]|\.\w)",
                     text.casefold()) is not None


def written(ann: Announcement) -> list[tuple[float, Unit]]:
    """``values`` of the announcement's objects, and of the numbers its text writes in words
    (the objects drop articles and "one": "for a year", "one more box"); an observation's
    numbers in digits are no value of the step."""
    return [*values(ann.objects), *values([w.rstrip(".") for w in _TOKEN.findall(ann.text)],
                                          spelled=True)]


def worded(words: Sequence[str]) -> set[float]:
    """The numbers from thirteen up the words write in words ("seventy", "twenty one",
    "einundzwanzig"; ``numberwords.compound``): each is stated as its digits would be."""
    return {n for n, _u in values(words, spelled=True) if n >= 13}


def unwritten_quantity(ann: Announcement,
                       changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call carries a quantity other than the one the announcement writes,
    or None: a number under a key of quantity (``_COUNT_KEYS``) is one the announcement writes
    in digits, in words or glued to its unit ("three boxes" + ``quantity: 300``, "21℃" +
    ``temperature: 70``), a unit of time read in the key's unit ("a year" + ``months: 12``)."""
    said = written(ann)
    # "twenty-first": a number we cannot read ("twenty-five-minute" is read, ``amount``)
    unread = [w for w in unreadable(_TOKEN.findall(ann.text)) if amount(w) is None]
    if not said and not unread:
        return None
    leaves = [(name, *x) for name, args in changing for x in _numeric(args)]
    for name, key, v, _u in leaves:
        if unread and set(name_words(key)) & _COUNT_KEYS:
            return (f"{name!r} carries {key!r} {v:g}, and the announcement writes the number "
                    f"{unread[0]!r}, which is not read")
    minus = signed(ann.text)  # "minus 18" is carried as -18 (the sign itself: ``units``)
    for name, key, v, key_unit in leaves:
        if set(name_words(key)) & _COUNT_KEYS and not any(
                _same(n, u, v, key_unit) or (n in minus and _same(-n, u, v, key_unit))
                for n, u in said):
            return (f"{name!r} carries {key!r} {v:g}, and the announcement writes "
                    f"{', '.join(sorted({f'{n:g}' for n, _u in said}))}")
    return None


def _day(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def outside_dates(ann: Announcement,
                  changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call carries a date outside the days the announcement writes (a day
    either side for a time zone), or, when it writes dates, carries none at all ("delete the
    events on 2026-12-24" + ``start_date: 1970-01-01``; "purge from 2026-11-01 to 2026-11-30"
    + ``older_than_days: 0``), or None."""
    days = [x for w in ann.objects for y, m, d in _ISO.findall(w)
            if (x := _day(int(y), int(m), int(d))) is not None]
    days += [x for (y, m, d), _at in written_dates(ann.objects)
             if y is not None and (x := _day(y, m, d)) is not None]
    if not days:
        return None
    lo, hi = min(days) - timedelta(days=1), max(days) + timedelta(days=1)
    carried = 0
    for name, args in changing:
        for _key, text in _keyed_strings(args):
            for y, m, d in _dates_in(text):
                x = _day(y, m, d) if y else None
                if x is None:
                    continue
                carried += 1
                if not lo <= x <= hi:
                    return (f"{name!r} carries the date {x.isoformat()}, outside the days the "
                            f"announcement writes ({min(days)} to {max(days)})")
    if not carried:
        return "the announcement writes a date, and no call that changes something carries one"
    return None


_RECURRING_KEYS = frozenset({"recurrence", "rrule", "recurring", "repeat", "repeats",
                             "frequency", "freq", "interval"})
_RECURRING_WORDS = frozenset({
    "every", "each", "daily", "weekly", "monthly", "yearly", "annually", "hourly",
    "recurring", "repeating", "weekday", "weekdays", "jeden", "jede", "jedes", "täglich",
    "wöchentlich", "monatlich", "jährlich", "chaque", "tous", "toutes", "quotidien",
    "hebdomadaire", "mensuel", "cada", "todos", "todas", "diario", "semanal", "mensual",
    "ogni", "каждый", "каждую", "каждое", "ежедневно", "每", "毎"})
"""Words that announce a recurring event; a written date without them is one occurrence."""
_DAYS_KEYS = frozenset({"days", "weekdays", "byday", "daysofweek"})
"""Key name words of the days a step repeats on (``days: ["mon", "tue"]``, r41 G5): a list
of days, or a day under such a key, repeats what the text writes as one occurrence."""


def recurring(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why a changing call repeats an event the announcement writes as one occurrence (a date
    or a time and no word of recurrence) by a recurrence rule ("RRULE:FREQ=DAILY"), or None."""
    if not (ann.times or any(_ISO.search(w) for w in ann.objects)
            or written_dates(ann.objects)):
        return None
    if any(w.rstrip(".").casefold() in _RECURRING_WORDS for w in _TOKEN.findall(ann.text)) or any(
            ch in ann.text for ch in "每毎"):
        return None
    for name, args in changing:
        for key, leaf in _leaves(args):
            if leaf in (None, False, "", 0, "none", "None"):
                continue
            text = str(leaf)
            if set(name_words(str(key))) & _RECURRING_KEYS or "FREQ=" in text.upper():
                return (f"{name!r} repeats the event ({key!r} {text[:40]!r}), which the "
                        "announcement writes as one occurrence")
        for key, text in _keyed_strings(args):  # a list's items: the days it repeats on
            if {w.casefold() for w in name_words(str(key))} & _DAYS_KEYS and text.strip():
                return (f"{name!r} repeats the event on {key!r} ({text[:40]!r}), which the "
                        "announcement writes as one occurrence")
    return None


_ASSIGN = re.compile(r"^\s*+([\w.\-\"']++)\s*+(?:=(?!=)|:(?=\s))\s*+((?:.*?\S)??)\s*+[,;]?\s*+$")
"""A setting's assignment on one line ("verify_ssl = True", "require_mfa: false"); a URL's
"https://" and a comparison ("a == b") are none."""
_COMMENT = re.compile(r"(?:^|\s)(?:#|//)")
_OLD = frozenset({"old", "search", "find", "original", "before", "target"})


def _code(line: str) -> str:
    m = _COMMENT.search(line)
    return line[: m.start()] if m is not None else line


def _literal(text: str) -> str:
    return text.strip("`\"'").casefold()


def replaced(key: str) -> bool:
    """The key names the text an edit replaces (``old_string``, ``search``: ``_OLD``)."""
    return bool(set(name_words(key)) & _OLD)


def assignments(args: Mapping[str, Any]) -> Iterator[tuple[Literal["old", "new"], str, str]]:
    """The assignments on the lines of a call's strings, as (side, name, value) in the order
    written: side ``"old"`` under a key naming the text an edit replaces (``replaced``),
    else ``"new"``; name and value as written (``_ASSIGN``), the
    line's trailing comment cut off first (``_code``), so a commented line assigns nothing."""
    for key, text in _keyed_strings(args):
        side: Literal["old", "new"] = "old" if replaced(key) else "new"
        for line in text.splitlines():
            m = _ASSIGN.match(_code(line))
            if m is not None:
                yield side, m[1], m[2]


def edited_value(ann: Announcement,
                 changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why an edit does not set a setting the announcement names in code ("set `verify_ssl`
    to true") to the value it writes, as the code's own value, or None: a value in a
    trailing comment, a commented line or an expression ("not True") is no value set; a
    change written in code ("`DEBUG = True` to `DEBUG = False`") sets one that differs."""
    named: dict[str, set[str]] = {}
    plain: set[str] = set()
    for w in ann.objects:
        if w[:1] == "`":
            m = _ASSIGN.match(w.strip("`"))
            if m is not None:
                named.setdefault(_literal(m[1]), set()).add(_literal(m[2]))
            else:
                named.setdefault(_literal(w), set())
        elif spoken(w) is not None or _literal(w) in {"true", "false", "none", "null", "yes",
                                                       "no", "on", "off"}:
            plain.add(_literal(w))
    if not named:
        return None
    for name, args in changing:
        olds: dict[str, str] = {}
        news: list[tuple[str, str]] = []
        for side, target, value in assignments(args):
            if _literal(target) not in named:
                continue
            if side == "old":
                olds[_literal(target)] = _literal(value)
            else:
                news.append((_literal(target), value))
        for target, raw in news:
            written = named[target] | plain
            if not written:
                continue
            got = _literal(raw)
            if got not in written and not (spoken(got) is not None and any(
                    spoken(x) == spoken(got) for x in written)):
                return (f"{name!r} sets {target!r} to {raw[:40]!r}, not to the value the "
                        "announcement writes")
            if named[target] and olds.get(target) == got:
                return f"{name!r} leaves {target!r} as it was, and the announcement changes it"
    return None


def refused(ann: Announcement, changing: Sequence[tuple[str, Mapping[str, Any]]]) -> str | None:
    """Why the changing calls do not carry a value the announcement writes, or None."""
    return (unwritten_quantity(ann, changing) or outside_dates(ann, changing)
            or recurring(ann, changing) or edited_value(ann, changing))


__all__ = ["CARDINALS", "assignments", "refused", "replaced", "stands", "worded", "writes",
           "written"]
