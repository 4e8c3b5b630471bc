"""The setting a generic setter's ``value`` sets (session 29, h10e; r41-atk-149).

A tool that sets any setting takes the setting's name under one key and its value under
``value``: ``set_config`` with ``key: replicas, value: "30"`` sets the replica count to 30,
as ``set_replicas`` with ``replicas: 30`` would. Readers of a value by its key's role read
``value`` by that name: ``statekeys`` (a state the text does not say: ``key: log_level,
value: debug``) and ``written`` (a quantity the text writes in other figures: "set the
replica count to three" + ``value: "30"``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["NAMING", "setting_names"]

NAMING = ("key", "name", "setting", "option", "field", "parameter")
"""The keys whose value names the setting a sibling ``value`` sets."""


def setting_names(args: Mapping[str, Any]) -> list[str]:
    """The names the call's top-level naming keys give the setting its ``value`` sets (none
    when the call has no ``value`` key, or no naming key holds a string)."""
    if "value" not in args:
        return []
    return [v for n in NAMING if isinstance(v := args.get(n), str) and v.strip()]
