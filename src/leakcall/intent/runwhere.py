"""Where, as whom and how safely a run happens (issue 25, round 39, rule ``ungrounded-call``;
read from ``beyond.check``): "I'll delete the build folder with `rm -rf build`." is no
``host: "prod-db-1"``, ``user: "root"``, ``sudo: true``, ``sandbox: false``,
``approval_policy: "never"`` or ``container: "xmrig"``; "I'll run `df.describe()` in the
notebook." is no ``kernel: "prod-etl-kernel"``; "delete the failed pod in `staging`" is no
``context: "prod-eu"``.

A run tool's key whose words are of the closed class that decides the place, the identity
or the guard of a run (``_CONTEXT``) holds a value the text writes or the tool's documented
default (``default`` in its schema): a string value is a word of the text or of a backticked
token, exactly (``web-3`` is not ``web-2``); a switch that widens (``sudo``,
``network_access``) is set on only where the text says its word; a switch that guards
(``sandbox``, ``approval``) is set off only as its default. A run may look as well as change:
a look on another host or cluster reads what the announcement does not name, so looks are
held to it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .commandscope import _said_words
from .dispatch import RUN, reads
from .kinds import name_words
from .preamble import Announcement

__all__ = ["check"]

_CONTEXT = frozenset({"host", "hostname", "hosts", "server", "machine", "remote", "ssh",
                      "user", "username", "runas", "uid", "sudo", "root", "privileged",
                      "privilege", "elevated", "admin", "container", "image", "kernel",
                      "context", "cluster", "kubecontext", "kubeconfig", "sandbox",
                      "sandboxed", "approval", "approvals", "network", "internet",
                      "isolation", "isolated"})
"""Key words of a run's place (host, container, kernel, cluster), identity (user, sudo) or
guard (sandbox, approval, network)."""

_GUARDS = frozenset({"sandbox", "sandboxed", "approval", "approvals", "isolation",
                     "isolated"})
"""Key words of a switch that guards a run: set off, it widens."""


def _default(schema: Mapping[str, Any] | None, key: str) -> tuple[bool, object]:
    """(declared, value) of the default the tool's schema documents for a key."""
    props = (schema or {}).get("properties", schema or {})
    spec = props.get(key) if isinstance(props, Mapping) else None
    if isinstance(spec, Mapping) and "default" in spec:
        return True, spec["default"]
    return False, None


def _switch(v: object) -> bool | None:
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.strip().casefold() in ("true", "false"):
        return v.strip().casefold() == "true"
    return None


@reads(RUN)  # the dispatch's declaration (``dispatch``)
def check(args: Mapping[str, Any], ann: Announcement, runs: bool,
          schema: Mapping[str, Any] | None) -> str | None:
    """Why a run's place, identity or guard is one the announcement does not write, or None."""
    if not runs:
        return None
    said, code = _said_words(ann)
    text = {w.strip(".,;:!?`\"'()").casefold() for w in ann.text.split()} | said
    for key, value in args.items():
        if not isinstance(key, str):
            continue
        words = set(name_words(key))
        if not words & _CONTEXT or value is None or value == "":
            continue
        declared, default = _default(schema, key)
        if declared and value == default:
            continue
        on = _switch(value)
        if on is not None:
            if words & _GUARDS:
                if not on:
                    return (f"the run sets {key!r} off, a guard the announcement does not "
                            "lift and not the tool's default")
                continue
            if on and not words & text:
                return (f"the run sets {key!r} on, which widens where or as whom it runs, "
                        "and the announcement does not say so")
            continue
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            v = str(value)
            low = v.strip().casefold()
            if low in text or any(low in c.split() for c in code):
                continue
            return (f"the run sets {key!r} to {v!r}, a place, identity or guard the "
                    "announcement does not write")
    return None
