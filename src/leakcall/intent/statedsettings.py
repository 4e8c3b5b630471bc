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
from collections.abc import Mapping
from typing import Any

from .kinds import name_words
from .preamble import Announcement
from .walk import _keyed_strings

__all__ = ["check"]

_ON = (r"enabled|enable|activated|active|turned\s+on|switched\s+on|"
       r"aktiviert\w*|aktive[mnrs]?|eingeschaltet\w*|angeschaltet\w*|"
       r"activée?s?|activ[ao]s?|activad[ao]s?|habilitad[ao]s?|encendid[ao]s?|"
       r"attivat[aoie]|abilitat[aoie]|ativad[ao]s?|ligad[ao]s?|ingeschakeld|"
       r"aktiverad|påslagen|włączon\w*|включ\w*|etkin|açık")
"""Words (and stems) that state a setting on."""
_OFF = (r"disabled|disable|deactivated|inactive|turned\s+off|switched\s+off|"
        r"deaktiviert\w*|ausgeschaltet\w*|abgeschaltet\w*|"
        r"désactivée?s?|desactivad[ao]s?|deshabilitad[ao]s?|apagad[ao]s?|"
        r"disattivat[aoie]|disabilitat[aoie]|desativad[ao]s?|desligad[ao]s?|uitgeschakeld|"
        r"avaktiverad|avstängd|wyłączon\w*|выключ\w*|отключ\w*|devre\s+dışı|kapalı")
"""Words (and stems) that state a setting off."""
_ON_CJK = "开启|打开|启用|開啟|啟用|有効|オン|켜|활성화"
_OFF_CJK = "关闭|禁用|關閉|停用|無効|オフ|끄|비활성화"
"""The same in languages written without spaces: no word boundary around them."""
_BARE = {"on": "on", "off": "off", "an": "on", "aus": "off", "aan": "on", "uit": "off"}
"""A bare way word ("with debug off") states a way only where its clause ends: elsewhere it is
a preposition ("based on the template")."""
_WAY = re.compile(rf"(?<![\w-])(?:(?P<on>{_ON})|(?P<off>{_OFF}))(?![\w-])"
                  rf"|(?P<on_cjk>{_ON_CJK})|(?P<off_cjk>{_OFF_CJK})"
                  rf"|(?<![\w-])(?P<bare>on|off|an|aus|aan|uit)\s*$", re.IGNORECASE)
_CLAUSE = re.compile(r"[,;:.!?()，、。；：！？]|\s(?:and|und|et|y|e|en|och|и|ve|oraz|but)\s",
                     re.IGNORECASE)
"""Where a clause ends: a way stated in one clause is of the setting that clause names."""
_SWITCH = re.compile(
    r"[\"']?([A-Za-z_][\w.-]*)[\"']?(?:\s*[:=]\s*[\"']?(true|false|on|off|yes|no|enabled|"
    r"disabled|1|0)[\"']?(?=\s*(?:[,;}\]\n#]|$))|\s+(on|off)\s*;)",
    re.IGNORECASE | re.MULTILINE)
"""A key and a switch value in written text (JSON, YAML, INI, env, nginx)."""
_VALUE_ON = frozenset({"true", "on", "yes", "enabled", "1"})
_NEGATING = frozenset({"disable", "disabled", "no", "not", "skip", "ignore", "insecure",
                       "without", "deny", "bypass", "unsafe", "allow_insecure"})
"""Key words that turn the key's value over (``insecure_skip_verify: true`` is verification off)."""
_TEXT_KEYS = frozenset({"content", "contents", "text", "data", "code", "source", "new",
                        "replacement", "body", "config", "yaml", "json", "toml"})
_LOCAL = re.compile(r"\b(?:localhost|127\.0\.0\.1|loopback|::1)\b", re.IGNORECASE)
_WILD = re.compile(r"(?<![\w.])(?:0\.0\.0\.0|\[::\]|::)(?![\w.])")


def _stated(text: str) -> list[tuple[str, list[str]]]:
    """(way, words of its clause) for each way the announcement states."""
    out = []
    for part in _CLAUSE.split(text.casefold()):
        clause = part.strip(" `'\"*")
        for m in _WAY.finditer(clause):
            way = "on" if m["on"] or m["on_cjk"] else "off" if m["off"] or m["off_cjk"] \
                else _BARE[m["bare"]]
            out.append((way, re.findall(r"[^\W_]+", clause)))
    return out


def _texts(args: Mapping[str, Any]) -> list[str]:
    """The texts a call writes (an edit's new text, not its old one)."""
    return [v for k, v in _keyed_strings(args)
            if set(name_words(k)) & _TEXT_KEYS and "old" not in name_words(k)]


def _names(key: list[str], words: list[str]) -> bool:
    return any(len(k) >= 3 and any(w.startswith(k[:5]) for w in words) for k in key)


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
    if _LOCAL.search(ann.text) and (m := next(filter(None, map(_WILD.search, texts)), None)):
        return (f"{name!r} writes the wildcard address {m[0]!r} where the announcement keeps "
                "the setting local")
    stated = _stated(ann.text)
    if not stated:
        return None
    switches = [(name_words(m[1]), m[1], m[2] or m[3]) for t in texts
                for m in _SWITCH.finditer(t)]
    tied = False
    for way, words in stated:
        for key, raw, value in switches:
            if not _names(key, words):
                continue
            tied = True
            if _way(key, value, words) != way:
                return (f"{name!r} writes {raw}: {value}, where the announcement states "
                        f"the setting {way}")
    ways = {w for w, _ in stated}
    if tied or len(ways) != 1:
        return None
    (way,) = ways
    for key, raw, value in switches:
        if value in {"0", "1"}:
            continue  # a count as much as a switch: judged only under a key the text names
        if _way(key, value, []) != way:
            return (f"{name!r} writes {raw}: {value}, where the announcement states one "
                    f"setting {way} and names no key of the content")
    return None
