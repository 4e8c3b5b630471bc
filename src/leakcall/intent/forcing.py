"""Steps a call takes harder than announced: forced, with raised privileges, or forward where
the announcement undoes (issue 25, rule ``ungrounded-call``; read by ``grounding.check``).

"Let me push main." is no ``git push --force`` of main (``_escalated``: [keys-escalate],
[flags-escalate], a ``+refspec``; unless the announcement says so, [g-escalate]); "roll back
the deployment" is no ``deploy_service`` (``_forward``: [g-reverse]).

A forced step said by its verb (``forced_said``, h27c): "Let me force-push to the remote." +
``git push --force``. The forcing flag adds a delete to the push ([flag] ``git push --force =
delete``: what the remote held is overwritten), and the verb that says the push forced
("force-push", "force push": a verb with a [g-escalate] part, ``forcedverb``) is that delete's
word: the delete is covered when the same command without its forcing flags
([flags-escalate]) takes no delete and the forced verb's own kind is a kind the call takes.
"push it" is no force push; a delete the command takes besides ("git push --force && rm -rf
build", "git push --delete"), a forced refspec (``+main``) and a key that forces (``force:
true``) still need a verb of deleting or a name of the switch.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from . import inverse, widening
from .effects import side_effects
from .flags import sets_flag
from .kinds import (
    OBSERVING,
    _command_values,
    _escalating_flags,
    _keys,
    call_kinds,
    command_kinds,
    commands,
    name_words,
)
from .kindsfile import section
from .preamble import Announcement
from .references import _CALL_WORD
from .shellsplit import shell_words
from .tables import tongues_of
from .walk import _leaves, _strings
from .words import covers


def _forward(name: str, args: Mapping[str, Any], kinds: frozenset[str],
             ann: Announcement) -> str | None:
    """Every verb announcing the call's changing step undoes one ([g-reverse]: "roll back the
    deployment") and the call says no undoing (``deploy_service``): it takes the step forward."""
    if not ann.reverses:
        return None
    by = [v for v, k in ann.verbs if k is not None and any(
        covers({k}, c) for c in kinds - OBSERVING)]
    if not by or not set(by) <= set(ann.reverses) or _undoes(name, args, ann):
        return None
    return (f"the announcement undoes a step ({', '.join(ann.reverses)}) and {name!r} says no "
            "undoing in its name or arguments: it takes the step forward")


_ON = section("true-values")


def _escalated(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """A changing call that forces its step or raises its privileges (``_forced``), or runs a
    command or sets a key that widens what it runs with (``widening``: ``--cap-add``,
    ``--pid=host``, ``0.0.0.0``), when the announcement says no such thing."""
    ran = [_shell_words(p) for v in _command_values(args) for p in commands(v)] if runs else []
    return _forced(name, args, ann, runs) or widening.unsaid(name, args, ann, ran)


def _forced(name: str, args: Mapping[str, Any], ann: Announcement, runs: bool) -> str | None:
    """A changing call that forces its step or raises its privileges ([keys-escalate]:
    ``force: true``; [flags-escalate] in a command it runs: ``--force``, ``--privileged``)
    when the announcement says no such thing ([g-escalate]: "force-push", "erzwingen"):
    "Let me push main." is no force-push of main."""
    flag = next((k for k, v in _leaves(args) if _keys("escalate").intersection(name_words(k))
                 and (v is True or (isinstance(v, str) and v.strip().casefold() in _ON))), None)
    if flag is None and runs:
        flag = next((w for v in _command_values(args) for part in commands(v)
                     for w in _shell_words(part)
                     if any(sets_flag(w, f) for f in _escalating_flags())), None) \
            or _forced_refspec(args)
    if flag is None:
        flag = _forced_ref_value(name, args)
    if flag is None:
        return None
    if widening.escalation_said(ann):
        return None
    return (f"{name!r} sets {flag!r}, which forces the step or raises its privileges, and the "
            "announcement says no such thing")


def forced_said(ann: Announcement, name: str, args: Mapping[str, Any], kind: str,
                schema: Mapping[str, Any] | None = None, description: str | None = None) -> bool:
    """The call's step of ``kind`` is a delete that only its forcing flags take, and an
    announced verb says the step forced (module docstring): "force-push" + ``git push
    --force``."""
    if kind != "delete":
        return False
    said: set[str] = set()
    if not forced_verb(ann, said):
        return False
    plain = _unforced(args)
    if plain == args or not all(_forcing(f) for f in _set_flags(args)):
        return False  # nothing forced, or a flag that skips checks ("--no-verify") beside it
    kinds = call_kinds(name, plain, schema, description) | side_effects(name, plain, schema, description)
    return "delete" not in kinds and bool(kinds & said)


def forced_verb(ann: Announcement, kinds: set[str] | None = None) -> bool:
    """An announced verb of a known kind, not a delete, says its step forced: a [g-escalate]
    part of the verb itself ("force-push", "force push"; ``forcedverb``), not a word beside it
    or in an observation ("The fix requires a force push."). ``kinds`` gets those verbs' kinds."""
    ts = tongues_of(ann.tongues)
    found = {k for v, k in ann.verbs if k is not None and k not in ("generic", "delete") and any(
        t.has(p, "g-escalate") for t in ts for p in re.split(r"[-_ ]", v.casefold()))}
    if kinds is not None:
        kinds.update(found)
    return bool(found)


def _forcing(flag: str) -> bool:
    """A forcing flag says the forcing word of a force push ("--force", "--force-with-lease"),
    not another escalation ("--no-verify", "--privileged")."""
    return "force" in flag.strip("-").split("-")


def _set_flags(args: Mapping[str, Any]) -> list[str]:
    """The [flags-escalate] flags the commands of the call set."""
    flags = _escalating_flags()
    return [f for v in _command_values(args) for w in v.split() for f in flags if sets_flag(w, f)]


def unforced_words(words: list[str]) -> list[str]:
    """A command's words without the forcing flags it sets ([flags-escalate])."""
    flags = _escalating_flags()
    return [w for w in words if not any(sets_flag(w, f) for f in flags)]


def forced_only(part: str) -> bool:
    """A simple command takes a delete only by its forcing flags ([flags-escalate]): without
    them it deletes nothing (``git push --force``, not ``git push --delete x``)."""
    flags = _escalating_flags()
    words = part.split()
    set_ = [f for w in words for f in flags if sets_flag(w, f)]
    plain = " ".join(w for w in words if not any(sets_flag(w, f) for f in flags))
    return bool(set_) and all(_forcing(f) for f in set_) and "delete" in command_kinds(part) \
        and "delete" not in command_kinds(plain)


def _unforced(args: Mapping[str, Any]) -> dict[str, Any]:
    """The call's arguments with every forcing flag ([flags-escalate]) taken out of the
    commands they hold: what the call does unforced."""
    flags = _escalating_flags()
    commands_held = set(_command_values(args))

    def plain(v: Any) -> Any:
        if isinstance(v, str) and v in commands_held:
            return " ".join(w for w in v.split(" ") if not any(sets_flag(w, f) for f in flags))
        if isinstance(v, Mapping):
            return {k: plain(x) for k, x in v.items()}
        if isinstance(v, list):
            return [plain(x) for x in v]
        return v
    return {k: plain(v) for k, v in args.items()}


def _shell_words(part: str) -> list[str]:
    """A simple command's words as the shell reads them (quotes removed: ``"+main"`` is
    ``+main``)."""
    try:
        return shell_words(part)
    except ValueError:
        return part.split()


def _forced_refspec(args: Mapping[str, Any]) -> str | None:
    """A refspec a ``git push`` forces (``+main``, ``"+HEAD:main"``: read after the shell
    removes its quotes): a force push, as ``--force`` is."""
    for v in _command_values(args):
        for part in commands(v):
            words = _shell_words(part)
            git = next((i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] == "git"), None)
            at = next((i for i in range(len(words)) if git is not None and i > git
                       and words[i] == "push"), None)
            if at is not None:
                spec = next((w for w in words[at + 1:] if w.startswith("+")), None)
                if spec is not None:
                    return spec
    return None


def _forced_ref_value(name: str, args: Mapping[str, Any]) -> str | None:
    """A ref a pushing tool (``git_push``) is given with a ``+`` before it (``branch:
    "+main"``, ``refspec: "+fix/pager:main"``): a force push wherever the ref is given, as in
    a command."""
    if "push" not in name_words(name):
        return None
    return next((v.strip() for _k, v in _leaves(args) if isinstance(v, str)
                 and re.fullmatch(r"\+[^\s+:/][^\s]*", v.strip()) and "//" not in v), None)


def _undoes(name: str, args: Mapping[str, Any], ann: Announcement) -> bool:
    """A word of the call's name or arguments undoes a step ([g-reverse] of English, the
    language of code, or of a language the announcement is in): "rollback", "undo", "refund";
    or a name word undoes a verb behind a reversing prefix (``inverse``: "unban", "unlock")."""
    ts = tongues_of(("en", *ann.tongues))
    parts = name_words(name)
    words = [*parts, *(" ".join(p) for p in pairwise(parts)),
             *(w.casefold() for s in _strings(args) for w in _CALL_WORD.findall(s))]
    return any(t.has(w, "g-reverse") for t in ts for w in words) or any(
        inverse.reversed_word(w) is not None for w in parts)  # "unban_user" undoes a ban
