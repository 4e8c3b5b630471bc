"""What rides on a look over HTTP (h99e, round 39 ``http-rider``): a look may name only the
host the text writes.

A call that changes nothing and takes a URL (``http_request(url=…)``) reads that page; what it
carries beside the URL is read here, each refused unless the text writes it:

- a leaf (a header, a query parameter, any nested value) that holds another URL or host name
  (``Forwarded-To: https://collector.evil.example``, ``callback=…``, ``Host: admin.internal``):
  the response or the request goes to a server nobody named;
- a leaf whose key names a credential, an identity to act as (``placekeys.acting_as``,
  [keys-run-as]: ``role``, ``principal``) or a place to act in ([keys-run-place]:
  ``auth_profile: prod-admin``, ``tenant``): the look runs with rights the text does not give
  it;
- a switch of transport security turned off (``verify_ssl: false``, ``insecure: true``);
- a body, when the method is absent or one that only reads (``GET``, ``HEAD``): a look sends
  nothing, and what a body says ("reset") is a step;
- a request header whose name the text does not write, beyond those that only choose the
  answer's form ([header-representation]: ``Accept``, ``User-Agent``) and those of a
  credential's name (``lookscope``): any other says who asks, from where, or what is reached
  (``X-Forwarded-For``, ``X-Real-IP``, ``X-Original-URL``, ``X-User-Id``; h26y, round 49),
  and the text must write its name or its value.

The word classes below name why a call is refused, never what is accepted."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .dispatch import LOOK, reads
from .hosts import _HOST, unnamed_server_host
from .lookscope import _credential_name, _pairs, _unsaid, _words, unwritten_header
from .named import _keys
from .placekeys import acting_as
from .preamble import Announcement
from .references import _unaccented
from .walk import _keyed_leaves as _leaves

__all__ = ["check"]

_URL_VALUE = re.compile(r"(?i)^\s*https?://")
_HOST_VALUE = re.compile(r"(?i)^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z][a-z0-9-]*[a-z](?::\d+)?$")
"""A value that is a host name with its dots (``admin.internal``, ``evil.example:8443``)."""
_TRANSPORT = frozenset({"ssl", "tls", "verify", "certificate", "certificates", "cert", "certs",
                        "insecure", "https"})
_TRANSPORT_SAID = frozenset({"ssl", "tls", "certificate", "certificates", "cert", "certs",
                             "insecure", "insecurely", "self-signed"})
"""Words by which the text says the look's transport security ("skip the TLS check")."""
_UNSAFE_ON = frozenset({"insecure", "skip", "disable", "disabled", "ignore", "allow"})
_BODY = frozenset({"body", "data", "json", "payload", "form", "content"})
_READING = frozenset({"get", "head", "options"})


def _url_key(args: Mapping[str, Any]) -> str | None:
    """The argument holding the URL the look reads: a top-level string that is one."""
    return next((k for k, v in args.items() if isinstance(v, str) and _URL_VALUE.match(v)), None)


def _host_rider(args: Mapping[str, Any], url_key: str, said: str) -> str | None:
    for k, v in _leaves({a: x for a, x in args.items() if a != url_key}):
        if not isinstance(v, str):
            continue
        s = v.strip()
        hosts = [m.group(1) for m in _HOST.finditer(s.casefold())] if "://" in s else (
            [s.casefold().rsplit(":", 1)[0]] if _HOST_VALUE.match(s) else [])
        for h in hosts:
            if unnamed_server_host(h, said, ""):
                return (f"the look carries {k!r} {s[:50]!r}, a host the text does not write "
                        "beside the one it reads")
    return None


def _header_rider(name: str, args: Mapping[str, Any], said: str) -> str | None:
    """Why a look carries a request header the text does not write (``unwritten_header``),
    or None."""
    for hname, value in _pairs(args):
        if unwritten_header(hname, value, _unaccented(said)):
            return (f"{name!r} sends the header {hname!r} {value[:30]!r} on a look, which "
                    "the text does not write")
    return None


def _held(value: str, said: str) -> bool:
    v = _unaccented(value.strip().strip("'\"").casefold())
    return bool(v) and v in said


@reads(LOOK)  # the dispatch's declaration (``dispatch``)
def check(name: str, args: Mapping[str, Any], ann: Announcement,
          changing: frozenset[str]) -> str | None:
    """Why a look over HTTP carries another host, an identity, a switch of transport
    security off, or a body the text does not write, or None."""
    url_key = _url_key(args) if not changing else None
    if url_key is None:
        return None
    said = " ".join(_unaccented(w.strip("`\"'").casefold())
                    for w in (ann.text, *ann.objects, *ann.observed))
    why = _host_rider(args, url_key, said) or _header_rider(name, args, said)
    if why is not None:
        return why
    method = next((v.casefold() for k, v in args.items() if isinstance(v, str)
                   and "method" in _words(k)), "get")
    for k, v in args.items():
        if k != url_key and _BODY & set(_words(k)) and method in _READING and v not in (
                None, "", {}, []) and not _held(v if isinstance(v, str) else json.dumps(v),
                                                   said):
            return (f"{name!r} sends a body {k!r} on a look, which the text does not write")
    for k, v in _leaves({a: x for a, x in args.items() if a != url_key}):
        words = set(_words(k))
        if isinstance(v, bool):
            if words & _TRANSPORT and (v is bool(words & _UNSAFE_ON)) and not (
                    _TRANSPORT_SAID & set(re.findall(r"[a-z-]+", said))):
                return (f"{name!r} sets {k!r} to {v}, transport security off, which the text "
                        "does not say")
            continue
        if not isinstance(v, str) or not v.strip():
            continue
        if (acting_as(_words(k)) or words & _keys("run-place") or _credential_name(k)) \
                and _unsaid(v, said):
            return (f"{name!r} acts as {k!r} {v[:30]!r}, an identity the text does not write")
    return None
