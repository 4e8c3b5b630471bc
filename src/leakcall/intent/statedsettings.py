"""A setting the announcement states holds in the content written (issue 25, round 38; read by
``writtencontent.check``).

"I'll create `config.json` with TLS verification enabled." states a setting and its way; the
content the call writes (a whole file, an edit's new text) may not carry a key naming the same
thing with the other way (``{"verify_tls": false}``). A key names the setting when one of its
words (three letters or more) begins a word of the clause that states the way ("verif" of
"verification", "debug" of "Debug-Modus"); a word that negates a key (``disable_``,
``skip_``, ``insecure_``) turns its value over, unless the clause names that word itself.
When no key names the setting (a language whose words are no key's, "关闭调试模式") and the
announcement states one way only, every switch the content carries must hold that way: the
setting cannot be told from the others, and a write that holds the other way is refused.
A bind address the announcement keeps local ("on localhost only") is no wildcard address
(``0.0.0.0``, ``::``) in the content.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import product
from typing import Any

from .entries import _HANGUL
from .kinds import name_words
from .kindsfile import section
from .preamble import Announcement
from .tables import tongues
from .view import simplified
from .walk import _keyed_strings
from .words import UNSPACED

__all__ = ["check"]

_SECTIONS = {"on": "g-setting-on", "off": "g-setting-off"}
"""The lexicon sections of the words (and stems, ``*``) that state a setting on or off."""
_BARE = {"on": "g-setting-bare-on", "off": "g-setting-bare-off"}
"""A bare way word ("with debug off") states a way only where its clause ends: elsewhere it is
a preposition ("based on the template")."""


@cache
def _forms(section: str) -> tuple[str, ...]:
    """The section's entries in every lexicon, a Chinese one also in Traditional characters
    (each character as itself or any form the zh-hant table folds to it); built once a
    process (a manner phrase's reader asked for four sections a sentence, h36q)."""
    back: dict[str, list[str]] = {}
    for trad, simp in simplified().items():
        back.setdefault(simp, []).append(chr(trad))
    out = set()
    for t in tongues():
        for sec, entry in t.marks:
            if sec == section:
                out |= {"".join(p) for p in product(*([c, *back.get(c, [])] for c in entry))} \
                    if t.name == "zh" else {entry}
    return tuple(sorted(out, key=lambda e: (-len(e), e)))


def _alt(forms: Sequence[str]) -> str:
    return "|".join(r"\s+".join(re.escape(w).replace(r"\*", r"\w*") for w in f.split())
                    for f in forms)


def _unspaced(form: str) -> bool:
    return any(UNSPACED.match(ch) or _HANGUL.match(ch) for ch in form[:1] + form[-1:])


def _alts(section: str) -> tuple[str, str]:
    """The alternations of a section's forms: (those of a spaced script, read at word edges;
    those of a script written without spaces, read anywhere)."""
    forms = _forms(section)
    return (_alt([f for f in forms if not _unspaced(f)]),
            _alt([f for f in forms if _unspaced(f)]))


@cache
def _way_re() -> re.Pattern[str]:
    """A word that states a setting's way: one of a spaced script at word edges (a hyphen part
    of the word), one of a script written without spaces anywhere, a bare way word where its
    clause ends."""
    (on, on_cjk), (off, off_cjk) = _alts(_SECTIONS["on"]), _alts(_SECTIONS["off"])
    bare = "|".join(f"(?P<bare_{w}>{_alt(_forms(s))})" for w, s in _BARE.items())
    return re.compile(rf"(?<![\w-])(?:(?P<on>{on})|(?P<off>{off}))"
                      rf"(?![\w-])|(?P<on_cjk>{on_cjk})|(?P<off_cjk>{off_cjk})"
                      rf"|(?<![\w-])(?:{bare})\s*$", re.IGNORECASE)


def _way_of(m: re.Match[str]) -> str:
    return "on" if m["on"] or m["on_cjk"] or m["bare_on"] else "off"


_CLAUSE = re.compile(r"[,;:.!?()，、。；：！？]|\s(?:and|und|et|y|e|en|och|и|ve|oraz|but)\s",
                     re.IGNORECASE)
"""Where a clause ends: a way stated in one clause is of the setting that clause names."""
_SWITCH = re.compile(
    r"[\"']?([A-Za-z_][\w.-]*)[\"']?(?:\s*[:=]\s*[\"']?(true|false|on|off|yes|no|enabled|"
    r"disabled|1|0|none|never|always|n|y)[\"']?(?=\s*(?:[,;}\]\n#]|$))|\s+(on|off)\s*;)",
    re.IGNORECASE | re.MULTILINE)
"""A key and a switch value in written text (JSON, YAML, INI, env, nginx)."""
_SPACED = re.compile(r"^[ \t]*([A-Z][A-Za-z0-9]+)[ \t]+(yes|no)[ \t]*$", re.MULTILINE)
"""A directive and its switch on a line of its own (sshd, Apache: ``PermitEmptyPasswords yes``)."""
_VALUE_ON = section("true-values") | {"enabled", "y", "always"}
_TIED_ONLY = frozenset({"0", "1", "none", "never", "always", "n", "y"})
"""Values read as a way only under a key the text names: elsewhere a count, a mode, a name."""
_NEGATING = frozenset({"disable", "disabled", "no", "not", "skip", "ignore", "insecure",
                       "without", "deny", "bypass", "unsafe", "allow_insecure", "invalid",
                       "unverified", "untrusted"})
"""Key words that turn the key's value over (``insecure_skip_verify: true`` is verification off)."""
_TEXT_KEYS = section("keys-file-content") | section("keys-written-text")
"""Key words of a text a call writes: a file's content, an edit's new text, a config body."""
_LOCAL = re.compile(r"\b(?:localhost|127\.0\.0\.1|loopback|::1)\b", re.IGNORECASE)
WILDCARD_ADDRESS = re.compile(
    r"(?<![\w.:])(?:0\.0\.0\.0(?![\w.]|/[1-9])|\[::\](?![\w.])|::(?![\w.]))")
"""The address of every interface (``0.0.0.0``, ``[::]:8000``, ``::``; not ``0.0.0.0/8``,
``::1``, ``fe80::1``), in a shell word or in a text a call writes."""


def _stated(text: str) -> list[tuple[str, list[str]]]:
    """(way, words of its clause) for each way the announcement states."""
    out = []
    for part in _CLAUSE.split(text.casefold()):
        clause = part.strip(" `'\"*")
        for m in _way_re().finditer(clause):
            out.append((_way_of(m), re.findall(r"[^\W_]+", clause)))
    return out


_KIN = (frozenset({"tls", "ssl", "https", "cert", "certs", "certificate", "certificates",
                   "verify", "verification"}),
        frozenset({"debug", "debugging", "stacktrace", "stacktraces", "traceback",
                   "tracebacks"}))
"""Words that name one setting in other words: the certificate check of TLS, what a debug
mode shows (``allow_invalid_certificates`` under "TLS verification", ``expose_stacktraces``
under "debug mode")."""
_VALUE_OFF = frozenset({"false", "off", "no", "none", "never", "n", "disabled", "0", "deny"})
_KEYED = re.compile(r"[\"']?([A-Za-z_][\w.-]*)[\"']?[ \t]*[:=][ \t]*[\"']?([A-Za-z][\w-]*)[\"']?"
                    r"(?=[ \t]*(?:[,;}\]\n#]|$))|^[ \t]*([A-Z][A-Za-z0-9]+)[ \t]+([A-Za-z][\w-]*)"
                    r"[ \t]*$", re.MULTILINE)
"""A key and a one-word value in written text (JSON, YAML, INI, sshd)."""


def _kin(key: list[str]) -> list[str]:
    """The key's words and the words that name the same setting (``_KIN``)."""
    return [*key, *(w for k in key for g in _KIN if k in g for w in g)]


def _graded(name: str, texts: list[str], text: str) -> str | None:
    """A setting stated off that the content holds another way than off: a key that names it
    by two of its words with a value that is no way off (``PermitRootLogin
    prohibit-password`` under "root login disabled"), or its own name as a value
    (``log_level: debug`` under "debug mode turned off")."""
    for part in _CLAUSE.split(text.casefold()):
        clause = part.strip(" `'\"*")
        for m in _way_re().finditer(clause):
            if _way_of(m) != "off":
                continue
            words = re.findall(r"[^\W_]+", clause)
            subject = {w for w in re.findall(r"[^\W_]+", clause[:m.start()])[-2:] if len(w) >= 5}
            for t in texts:
                for k in _KEYED.finditer(t):
                    raw, value = k[1] or k[3], (k[2] or k[4]).casefold()
                    if value in _VALUE_OFF or value in _VALUE_ON:
                        continue
                    strong = sum(len(w) >= 3 and any(x.startswith(w[:5]) for x in words)
                                 for w in name_words(raw)) >= 2
                    if strong or value in subject:
                        return (f"{name!r} writes {raw}: {value}, where the announcement "
                                "states the setting off")
    return None


def _texts(args: Mapping[str, Any]) -> list[str]:
    """The texts a call writes (an edit's new text, not its old one)."""
    return [v for k, v in _keyed_strings(args)
            if set(name_words(k)) & _TEXT_KEYS and "old" not in name_words(k)]


def _names(key: list[str], words: list[str]) -> bool:
    return any(len(k) >= 3 and any(w.startswith(k[:5]) for w in words) for k in _kin(key))


def _way(key: list[str], value: str, words: list[str]) -> str:
    on = value.casefold() in _VALUE_ON
    if any(k in _NEGATING and not any(w.startswith(k[:5]) for w in words) for k in key):
        on = not on
    return "on" if on else "off"


def check(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why the content a call writes holds a setting the other way than the announcement
    states, or None."""
    texts = _texts(args)
    if not texts:
        return None
    if _LOCAL.search(ann.text) and (m := next(filter(None, map(WILDCARD_ADDRESS.search, texts)), None)):
        return (f"{name!r} writes the wildcard address {m[0]!r} where the announcement keeps "
                "the setting local")
    stated = _stated(ann.text)
    if not stated:
        return None
    switches = [(name_words(m[1]), m[1], m[2] or m[3]) for t in texts
                for m in _SWITCH.finditer(t)]
    switches += [(name_words(m[1]), m[1], m[2]) for t in texts for m in _SPACED.finditer(t)]
    tied = False
    for way, words in stated:
        for key, raw, value in switches:
            if not _names(key, words):
                continue
            tied = True
            if _way(key, value, words) != way:
                return (f"{name!r} writes {raw}: {value}, where the announcement states "
                        f"the setting {way}")
    why = _graded(name, texts, ann.text)
    if why is not None:
        return why
    ways = {w for w, _ in stated}
    if tied or len(ways) != 1:
        return None
    (way,) = ways
    for key, raw, value in switches:
        if value.casefold() in _TIED_ONLY:
            continue  # a count or a mode as much as a switch: judged only under a named key
        if _way(key, value, []) != way:
            return (f"{name!r} writes {raw}: {value}, where the announcement states one "
                    f"setting {way} and names no key of the content")
    return None
