"""A look's scope (h96b, round 38): what a call reads or sends beyond the announced look.

- a credential a request carries by its place: a header or cookie of a credential's name
  (``Cookie``, ``Authorization``, ``X-Session``; ``curl -H``/``-b``/``-u``), a URL's userinfo
  (``https://status.example.com@evil.example``: the host is after the ``@``, and what is
  before it is a login), a query parameter of a credential's name (``?pw=…``);
- a request header a network program sends (``curl -H``) that only the text may write: one
  that does more than choose the answer's form (``unwritten_header``, shared with
  ``httplooks``'s reading of a look's ``headers``);
- a cluster read of a credential's resource, or an output template that pulls a
  credential's field, when the tool takes its command as a list
  (``["get", "secrets", "-o", "yaml"]``; a command line is read by ``lookriders``, its
  template by ``template`` here).

Each refuses only a value the announcement does not write; the word class below names why a
call is refused, never what is accepted."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from .forcing import _shell_words
from .hosts import registrable, unnamed_server_host
from .kinds import commands, unprefixed
from .kindsfile import _stems, in_class, section
from .preamble import Announcement
from .shellsplit import names_program
from .walk import _strings

__all__ = ["check", "template", "unwritten_header"]

_CREDENTIAL_WORD = frozenset({
    "cookie", "cookies", "authorization", "auth", "session", "sessionid", "sid", "token",
    "jwt", "bearer", "key", "apikey", "secret", "password", "passwd", "pass", "pw", "pwd",
    "passcode", "pin", "otp", "credential", "credentials", "csrf", "xsrf", "ssn", "cvc",
    "cvv", "cvv2", "card", "cardnumber", "signature", "sig"})
"""The words of a header's, a cookie's or a query parameter's name that make its value a
credential (``X-Session``, ``api_key``, ``pw``, ``cvc``), read with kinds.txt ``[credential]``
(``_credential_words``): the header words here, the class every credential reader shares there."""
_URL = re.compile(r"(?i)\b[a-z][a-z0-9+.-]*://[^\s\"'<>`]+")
_HEADER_LINE = re.compile(r"^\s*([A-Za-z][\w-]*)\s*:\s*(.+?)\s*$")
_REFERENCE = re.compile(r"^[$<{%]|^\*+$|\$\{?\w")
"""A value that stands for a credential rather than being one (``$TOKEN``, ``<token>``)."""
_SCHEMES = frozenset({"basic", "bearer", "digest", "token"})
_CONTAINER = frozenset({"header", "headers", "cookie", "cookies"})
_TEMPLATE = re.compile(r"(?i)^(?:jsonpath|go-template|template|custom-columns)")
_FIELD = frozenset({"data", "stringdata", "env", "envfrom"})
"""Fields of a cluster object that hold what its workload is configured with (a secret's or a
config map's data, a container's environment)."""


def _words(name: str) -> list[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return re.findall(r"[a-z0-9]+", spaced.casefold())


@cache
def _credential_words() -> frozenset[str]:
    """The header and cookie words beside every entry of kinds.txt ``[credential]`` (the class
    the other readers of a credential's name read: ``passphrase``, ``totp``, ``secrets``)."""
    return _CREDENTIAL_WORD | section("credential")


def _credential_name(name: str) -> bool:
    return bool(_credential_words().intersection(_words(name)))


def _unsaid(value: str, said: str) -> bool:
    """A literal value (no reference) the announcement does not write."""
    v = value.strip().strip("'\"")
    if len(v) < 3 or _REFERENCE.search(v):
        return False
    low = v.casefold()
    if low in said or unquote(low) in said:
        return False
    # every word written ("Bearer abc123xyz" after "with the token abc123xyz"): the scheme aside
    return not all(w in said for w in low.split() if w not in _SCHEMES)


def unwritten_header(hname: str, value: str, said: str) -> bool:
    """A request header that does more than choose the answer's form
    ([header-representation]: ``Accept``, ``User-Agent``), is no credential's (read on its
    own), and whose name or value (three characters or more, as a word) the text does not
    write: it says who asks, from where, or what is reached (``X-Forwarded-For``,
    ``X-Original-URL``, ``X-User-Id``; h26y, round 49 gap 6)."""
    low = hname.strip().casefold()
    if not low or low in section("header-representation") or _credential_name(hname):
        return False
    v = value.strip().strip("'\"").casefold()
    return not (low in said or " ".join(_words(hname)) in said or (
        len(v) >= 3 and re.search(r"(?<!\w)" + re.escape(v) + r"(?!\w)", said)))


def _pairs(value: object, inside: bool = False) -> Iterable[tuple[str, str]]:
    """(name, value) of every header or cookie a call carries: keys under a ``headers`` or
    ``cookies`` argument (an object, or its text as JSON or ``Name: value`` lines)."""
    if isinstance(value, Mapping):
        for k, x in value.items():
            key = k if isinstance(k, str) else ""
            here = inside or bool(_CONTAINER.intersection(_words(key)))
            if isinstance(x, str) and here:
                if not inside:  # the container's own text: JSON, or lines of headers
                    yield from _text_pairs(key, x)
                else:
                    yield key, x
            elif isinstance(x, (Mapping, list)):
                yield from _pairs(x, here)
    elif isinstance(value, list):
        for x in value:
            if isinstance(x, str) and inside:
                m = _HEADER_LINE.match(x)
                if m:
                    yield m.group(1), m.group(2)
            else:
                yield from _pairs(x, inside)


def _text_pairs(key: str, text: str) -> Iterable[tuple[str, str]]:
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = None
    if isinstance(parsed, (Mapping, list)):
        yield from _pairs(parsed, True)
        return
    lines = [m for line in text.splitlines() if (m := _HEADER_LINE.match(line))]
    if lines:
        yield from ((m.group(1), m.group(2)) for m in lines)
    elif "cookie" in _words(key):
        yield from ((k, v) for k, _e, v in (p.partition("=") for p in text.split(";")))


def _carried(args: Mapping[str, Any], said: str) -> str | None:
    for hname, value in _pairs(args):
        if (_credential_name(hname) or re.match(r"(?i)\s*(?:basic|bearer|digest)\s", value)) \
                and _unsaid(value, said):
            return (f"the call sends a {hname!r} header or cookie, a credential the "
                    "announcement does not write")
    return None


def _command_carried(text: str, said: str) -> str | None:
    """A network program's header, cookie or login option carrying a credential
    (``curl -H 'Cookie: …'``, ``-b sid=…``, ``-u admin:…``)."""
    network = section("network-program")
    if not names_program(text, network):
        return None
    for part in commands(text):
        if not names_program(part, network):
            continue
        words = unprefixed(_shell_words(part))
        if not words or words[0].rsplit("/", 1)[-1].casefold() not in network:
            continue
        for w, nxt in zip(words, [*words[1:], ""], strict=True):
            opt, eq, val = w.partition("=") if w.startswith("--") else (w, "", "")
            val = val if eq else nxt
            if opt in ("-H", "--header"):
                m = _HEADER_LINE.match(val)
                if m and _credential_name(m.group(1)) and _unsaid(m.group(2), said):
                    return (f"the command sends a {m.group(1)!r} header, a credential the "
                            "announcement does not write")
                if m and unwritten_header(m.group(1), m.group(2), said):
                    return (f"the command sends the header {m.group(1)!r} "
                            f"{m.group(2)[:30]!r}, which the text does not write")
            elif opt in ("-b", "--cookie", "-u", "--user") and ("=" in val or ":" in val) \
                    and _unsaid(val, said):
                return (f"the command passes {opt} {val[:12]!r}..., a credential the "
                        "announcement does not write")
    return None


def _disguised(host: str) -> str | None:
    """The domain a host name wears before its own (``example.com.attacker.io`` wears
    "example.com", ``github.com.mirror.example`` "github.com"): a label of a top-level domain
    ([domain-suffix] in kinds.txt) before the host's registrable domain, or None."""
    labels = host.casefold().rstrip(".").split(".")
    own = len(registrable(host.casefold().rstrip(".")).split("."))
    ahead = labels[:-own]
    at = next((i for i in range(len(ahead) - 1, 0, -1) if ahead[i] in section("domain-suffix")),
              None)
    return None if at is None else ".".join(ahead[at - 1:at + 1])


def _url(url: str, said: str) -> str | None:
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
    except ValueError:
        return None
    disguise = _disguised(host)
    if disguise is not None and unnamed_server_host(host, said, ""):
        return (f"the URL {url[:40]!r} reaches {host[:40]!r}, whose name opens with the domain "
                f"{disguise!r} of another owner, and the announcement does not write it")
    if "\\" in parts.netloc:  # a browser ends the host there, ``urllib`` does not
        return f"the URL {url[:40]!r} holds a backslash before its path, two hosts to two readers"
    if "@" in parts.netloc:  # userinfo: a login, and a disguise of the host after it
        info = parts.netloc.rpartition("@")[0]
        if unnamed_server_host(host, said, "") or (":" in info and _unsaid(info, said)):
            return (f"the URL {url[:40]!r} reaches {host[:40]!r} with the login {info[:20]!r}, "
                    "which the announcement does not write")
    for k, v in parse_qsl(parts.query, keep_blank_values=False):
        if _credential_name(k) and _unsaid(v, said):
            return (f"the URL carries {k!r} in its query, a credential the announcement does "
                    "not write")
    return None


def _cluster(name: str, args: Mapping[str, Any], said: str) -> str | None:
    """A cluster tool's command given as a list: a credential's resource, or a template of a
    credential's field, the announcement does not name."""
    if name.casefold() not in section("cluster-program"):
        return None
    secret = section("cluster-secret")
    named = any(s in said for s in _stems(secret)) or any(s in said.split() for s in secret)
    for v in args.values():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            continue
        words = [w for x in v for w in (_shell_words(x) if " " in x else [x])]
        plain = [w for w in words if not w.startswith("-")]
        resource = plain[1].casefold() if len(plain) > 1 else ""
        if any(in_class(k, secret) for k in re.split(r"[/,.]", resource)) and not named:
            return (f"the cluster command reads {resource!r}, credentials the announcement "
                    "does not name")
        why = template(words, said)
        if why is not None:
            return why
    return None


def template(words: list[str], said: str) -> str | None:
    """Why a cluster command's output template (``-o jsonpath=…``, ``go-template``) pulls a
    workload's configuration or a credential's field the announcement does not name; the
    one reader of a command given as a list (here) or as a line (``lookriders``)."""
    for w, nxt in zip(words, [*words[1:], ""], strict=True):
        opt, eq, rest = w.partition("=") if w.startswith("-") else (w, "", "")
        val = (rest if eq else nxt) if opt in ("-o", "--output", "--template") else (
            w if _TEMPLATE.match(w) else "")
        # ``--template`` holds the template itself; ``-o`` names its kind before it
        fields = set(_words(val)) if opt == "--template" else (
            set(_words(val.partition("=")[2] or val)) if _TEMPLATE.match(val) else set())
        hit = fields & (_FIELD | _credential_words())
        if hit and not any(f in said.split() for f in hit):
            return (f"the cluster command's output {val[:30]!r} reads a workload's "
                    "configuration or credentials the announcement does not name")
    return None


def check(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """Why a call carries a credential, reaches a host behind a login, or reads a
    credential's resource beyond the announced look, or None."""
    said = " ".join((ann.text, *ann.objects, *ann.observed)).casefold()
    why = _carried(args, said) or _cluster(name, args, said)
    for v in _strings(args, keys=False, numbers=False):
        if why is not None:
            break
        if runs:
            why = _command_carried(v, said)
        for m in _URL.finditer(v) if "://" in v and why is None else ():
            why = why or _url(m.group(0).rstrip(".,;:)]}"), said)
    return why
