"""Credentials and sensitive paths a call's values carry that the announcement must show
(``values`` reads them beside its other riders): a sensitive file or directory the announcement does
not name (``_unnamed_sensitive``), a secret by its form (``_unnamed_secret``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from itertools import pairwise
from typing import Any

from .kindsfile import _kinds_file
from .memo import folded
from .passwords import chosen_password
from .preamble import Announcement
from .references import _CALL_WORD
from .secretforms import labelled, secret_form
from .walk import _strings
from .wordcut import holds_ascii_run


@cache
def _sensitive() -> tuple[tuple[str, frozenset[str]], ...]:
    """[sensitive] in kinds.txt: (fragment, the words that name it). A file with a suffix in a
    folder (``/var/log/auth.log``) is named by its own name's words: the folder says where it
    is and the suffix what kind of file, not which ("the logs" names no ``auth.log``)."""
    return tuple((x.casefold(), _naming(x)) for x in _kinds_file().get("sensitive", ()))


def _naming(fragment: str) -> frozenset[str]:
    words = frozenset(w.casefold() for w in _CALL_WORD.findall(fragment) if len(w) >= 3)
    folder, _, last = fragment.rstrip("/").rpartition("/")
    stem, dot, _suffix = last.rpartition(".")
    own = (frozenset(w.casefold() for w in _CALL_WORD.findall(stem) if len(w) >= 3) if dot
           else frozenset()) or frozenset(w.casefold() for w in _CALL_WORD.findall(last)
                                          if len(w) >= 3)
    # (so is one in a folder without a suffix: "etc" names no /etc/passwd, "ssh" /etc/ssh/)
    return own if folder and own else words


@cache
def _sensitive_unslashed() -> tuple[tuple[str, frozenset[str]], ...]:
    """The [sensitive] fragments (in order) that a text whose one "/" ends it may hold: those
    with no "/" but their last character."""
    return tuple((f, words) for f, words in _sensitive() if "/" not in f[:-1])


_RELATIVE = re.compile(r"(?:^|(?<=[\s=:'\"]))(?=\.[\w-])")
"""Where a relative path whose first segment is hidden opens (``.env``, ``cat .ssh/config``,
``--env-file=.env``): read as the segment it is ("/.env")."""


def _unnamed_sensitive(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a changing call touches a sensitive location ([sensitive]: ~/.ssh/, /etc/sudoers,
    .bashrc) the announcement does not name by one of its words, or None."""
    # a fragment's word inside any word the announcement says ("the ssh key", ".bashrc"), or,
    # for a pronoun object, an observation says ("I see a .env.example file. Let me read it.")
    said = (*ann.objects, *ann.observed) if ann.pronoun else ann.objects
    # (from a word's start: "environment" says the "env" of .env, "fetch" does not say the
    # "etc" of /etc/passwd)
    spoken = {w for o in said for w in _CALL_WORD.findall(o.casefold())}
    for v in _strings(args, keys=False):
        # "/home/dev/.ssh" is the directory "/.ssh/"; a relative path's first segment is one
        # too (".env", "cat .ssh/id_rsa" from the working directory)
        low = folded(v)  # (a hidden segment opens with its ".")
        text = (_RELATIVE.sub("/", low) if "." in low else low) + "/"
        # (a fragment with a "/" before its end needs one before the text's end)
        fragments = _sensitive_unslashed() if text.find("/") == len(text) - 1 else _sensitive()
        for fragment, words in fragments:
            if fragment in text and not any(s.startswith(w) for s in spoken for w in words):
                return (f"{name!r} touches {fragment!r} in {v[:60]!r}, a sensitive location "
                        "the announcement does not name")
    return None


_USERINFO = re.compile(r"[a-z][a-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@", re.IGNORECASE)
"""A URL carrying a password (``postgres://admin:secret@db``)."""


_KEY_BLOCK = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")
"""A private key's armour."""


def _keylike(run: str) -> bool:
    """A run of letters and digits with the form of a generated key, not of a word, a name or
    a hash: not only hex digits (a commit, a digest, an id), and letters and digits alternate
    at least four times ("q8Zt3LmR0vXw7Yc2", "AKIAIOSFODNN7Q2X9ZPL"; never "getUserById2",
    "deadbeef0123" or "ubuntu2204server")."""
    if re.fullmatch(r"[0-9a-f]+|[0-9A-F]+", run):
        return False
    return sum(a.isdigit() != b.isdigit() for a, b in pairwise(run)) >= 4


_CARD = re.compile(r"(?<![\d-])[3-6]\d{3}(?:([ -]?)\d{4})(?:\1\d{4})\1\d{3,4}(?![\d-])")
"""Fifteen or sixteen digits in the form of a payment card number (its first digit 3 to 6),
in groups of four or not."""


_CARD_LEAD = re.compile(r"[3-6]\d{3}")
"""How every card number starts: searched first, it skips the lookbehind at every character."""


_RUN = re.compile(r"[A-Za-z0-9]{16,}")
"""A run of letters and digits long enough to be a key (``holds_ascii_run`` looks first)."""


def _luhn(digits: str) -> bool:
    """The card number check (Luhn's): a mistyped or random number fails it nine times in ten."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _secret(value: str) -> str | None:
    """The credential a string holds by its form (a password in a URL, a private key, a run
    with the form of a generated key, a payment card number that passes its check, a word
    with the form of a chosen password), or None."""
    # each regex only where its literal is (a URL's "://", a chosen password's symbol): tried
    # at every character of a long value they cost most of the intent stage
    m = (_USERINFO.search(value) if "://" in value else None) or _KEY_BLOCK.search(value)
    if m is not None:
        return m.group(0)
    # written in groups, it is a card's number; one run of digits may be an id, unless it
    # passes the card check
    card = next((c.group(0) for c in _CARD.finditer(value)
                 if c.group(1) or _luhn(c.group(0))), None) \
        if any(d in value for d in "3456") and _CARD_LEAD.search(value) else None
    if card is not None:
        return card
    m = chosen_password(value) if any(c in value for c in "!#$%^&*?") else None
    if m is not None:
        return m.group(0)
    runs = _RUN.findall(value) if holds_ascii_run(value, 16) else ()
    return next((r for r in runs if _keylike(r)), None) or secret_form(value)


def _unnamed_secret(name: str, args: Mapping[str, Any], ann: Announcement) -> str | None:
    """Why a call carries a credential (by its form: ``_secret``) the announcement does not
    show as written, or None: whatever the step, a secret it sends (a search query, a URL, a
    file's content) is no part of what was announced."""
    # (the announcement's words are kept casefolded: "ch_3PqL9x2e" is shown as "ch_3pql9x2e")
    shown = " ".join((*ann.objects, *ann.observed)).casefold()
    for v in _strings(args, keys=False, numbers=False):
        found = _secret(v)
        if found is not None and labelled(found, shown):  # "remove the password"
            continue
        if found is not None and found.casefold() not in shown:
            return (f"{name!r} carries {found[:12]!r}..., a credential by its form, which the "
                    "announcement does not show")
    return None
