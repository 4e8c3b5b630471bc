"""The name a step that cannot be taken back acts on is written (session 44, h40u; issue 25;
rule ``ungrounded-call``, read by ``beyond.check`` for a changing call).

A call that deletes or deploys (steps of ``EVERY_NOUN_KINDS`` that act on a thing that exists)
says *which* thing by a value: under a key of a name (``name``, ``repo_name``), of a target
([keys-target]: ``path``, ``file``) or of the one noun the tool's name says (``service`` of
``deploy_service``). When that value is a name in words (letters joined by spaces, ``-`` or
``_``: ``prod``, ``old-prod-db``), the text writes it, its words in their order, in prose, code
or quotes ("the `prod` logs", "the nginx logs" + ``nginx``): "I'll delete the old logs." +
``delete_logs(name="prod")`` is grounded by the tool's own noun ("logs") and deletes a thing
the text never names, and "... and nuke staging db on prod." names no ``old staging db prod``.
It is the check ``scope`` makes of a send's or a payment's "which", where it goes (a recipient,
a branch, an environment the text names), held to the whole name, since a name is one thing,
not a list; a booking's or a payment's names (``passenger_name``) describe a party, not the
thing acted on, and are not read here. A value with a digit, a path, an address or a URL is
left to the readers of identifiers, paths and addresses (``binding``, ``deletedtargets``,
``scope``: an id from the conversation is seldom written out); a pronoun object ("delete them")
to the readers of what the pronoun stands for. A filter (``older_than_days: 30``) names no
object.

An object that is only the tool's noun or a noun of files ("I'll delete the logs.") names no
name either (h43c, round 60): a delete, deploy, payment or send acting on a name the text never
writes refuses; a create is left to the conversation. A grant (``grant_access``,
``assign_role``) is held the same way on the party it gives the role to (``user``,
``grantee``): "I'll grant viewer access." + ``user: mallory`` refuses.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .announcement import Announcement
from .deletedtargets import _compound_read
from .kinds import _keys, name_words
from .objects import _PLACES
from .references import _meanings, _referenced
from .tables import tongue

__all__ = ["check"]

_NAME = re.compile(r"[^\W\d_]+(?:[\s_-]+[^\W\d_]+)*")
"""A name in words: runs of letters joined by spaces, hyphens or underscores."""
_ACTS_ON = frozenset({"delete", "deploy"})
"""Steps that cannot be taken back and act on a thing that exists, named by its name (a send's
or a payment's "which" is where it goes: ``scope``; a booking's names describe a party)."""
_NAME_KEYS = frozenset({"name", "names"})
"""Key words of a name (``name``, ``repo_name``, ``names``)."""


def _which(key: str, tool: str) -> bool:
    """``key`` gives which object the call acts on: a name, a target ([keys-target]), or the
    one noun of the tool's name (``branch`` of ``delete_branch``)."""
    words = name_words(key)
    return bool(set(words) & (_NAME_KEYS | _keys("target"))) or (
        len(words) == 1 and words[0] in name_words(tool))


def _said(value: str, text: str, tool: str, tongues: tuple[str, ...]) -> bool:
    """A word of ``value`` that says which thing is written in ``text`` as a word (its plural
    too): a word of the tool's own name or a word of state ("old") says no name ("I'll drop the
    scratch database." + ``scratch_db``, "the test repo" + ``payments-test`` pass; "the old
    logs" + ``old prod`` does not)."""
    own = set(name_words(tool))
    low = text.casefold()
    ts = [t for t in (tongue(n) for n in (*tongues, "en")) if t is not None]
    for w in re.findall(r"[^\W_]+", value.casefold()):
        if w in own or any(t.has(w, "g-state") for t in ts):
            continue
        if re.search(rf"(?<![^\W_]){re.escape(w)}(?:e?s)?(?![^\W_])", low):
            return True
    return False


def _written(value: str, text: str) -> bool:
    """The words of ``value`` occur in ``text`` in their order, joined by anything that is no
    word (a space, a hyphen, a quote, a backtick), each also in its plural ("log" + "logs")."""
    words = re.findall(r"[^\W_]+", value.casefold())
    seq = r"[\W_]+".join(re.escape(w) + r"(?:e?s)?" for w in words)
    return bool(words) and re.search(rf"(?<![^\W_]){seq}(?![^\W_])", text.casefold()) is not None


_SPANNED = re.compile(r"`([^`\n]+)`|(?<![^\W_])['\"]([^'\"\n]+)['\"](?![^\W_])")
"""A name the text writes as code or in quotes: a name whole, whatever its words."""


def _spanned(value: str, text: str) -> bool:
    """Each piece of ``value`` between spaces is a name the text writes whole in code or in
    quotes ("restart `nginx` and `postgres`" + ``nginx postgres``: a list of named things)."""
    spans = {(m[1] or m[2]).strip().casefold() for m in _SPANNED.finditer(text)}
    return all(p in spans for p in value.casefold().split())


def _only_noun(ann: Announcement, tool: str) -> bool:
    """The object is only a noun of the tool's own name or of files or places ("I'll delete the
    file.", "Let me delete the logs." + ``delete_logs``): it names the thing the conversation is
    about, as ``deletedtargets`` reads it; a word beside it ("the old logs") says which."""
    verbs = {v for v, _k in ann.verbs}
    own = set(name_words(tool))
    said = [w.strip("`\"'").casefold() for w in (*ann.objects, *ann.observed) if w not in verbs]
    return all(w in _PLACES or _meanings(w) & _PLACES or w in own or
               _referenced([w], " ".join(own), frozenset(own)) is not None for w in said)


_GRANTS = frozenset({"grant", "grants", "give", "assign", "share"})
"""Words of a tool's name that give a party a role or access (``grant_access``)."""
_PARTY_KEYS = frozenset({"user", "username", "member", "principal", "grantee", "assignee",
                         "account"})
"""Key words of the party a grant gives its role to (``user``, ``grantee``)."""
_BARE = frozenset({"delete", "deploy", "pay", "send"})
"""Steps that cannot be taken back, held to a written name even when the text's object is only
the tool's own noun ("I'll delete the logs." + ``name: prod``)."""


def _grant(tool: str) -> bool:
    """The tool gives a party a role or access (``grant_access``, ``assign_role``)."""
    return bool(set(name_words(tool)) & _GRANTS) and bool(
        set(name_words(tool)) & {"access", "role", "roles", "permission", "permissions"})


def check(name: str, args: Mapping[str, Any], kinds: frozenset[str],
          ann: Announcement) -> str | None:
    """Why a call that cannot be taken back acts on a name the text does not write, or None."""
    grant = _grant(name)
    if not (kinds & _ACTS_ON or grant) or ann.pronoun or _compound_read(ann):
        return None  # (a compound's reader names the part it wants: ``deletedtargets``)
    # an object that is only the tool's noun ("I'll delete the logs.") says no name: the
    # conversation's thing, unless the call names one the text never writes (h43c)
    bare = _only_noun(ann, name)
    if bare and not (kinds & _BARE or grant):
        return None
    text = f"{ann.text}\n{ann.thought}"
    for key, leaf in args.items():
        if not isinstance(leaf, str) or not (
                _which(key, name) or (grant and set(name_words(key)) & _PARTY_KEYS)):
            continue
        words = name_words(key)
        if bare and not (set(words) & (_NAME_KEYS | (_PARTY_KEYS if grant else frozenset()))
                         or (len(words) == 1 and words[0] in name_words(name))):
            continue  # a target key alone ("I'll delete a file." + ``path: b``): the paths' readers
        value = leaf.strip()
        if _NAME.fullmatch(value) and not _written(value, text) and not _spanned(value, text) \
                and not _said(value, text, name, ann.tongues):
            return (f"{name!r} acts on {key!r} {value[:40]!r}, a name the text does not write: "
                    "a step that cannot be taken back acts on the object the text names")
    return None
