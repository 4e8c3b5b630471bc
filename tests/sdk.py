"""The third-party SDKs the wire tests drive, imported by the first test that uses one.

Every xdist worker imports every test module to collect it, and ``openai`` and ``anthropic``
take seconds to import. A test that reaches for an SDK that is not installed is skipped, as
``pytest.importorskip`` would skip its module."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import pytest


class Lazy:
    """A module imported on first attribute access; ``Lazy("openai.types.chat").ChatCompletion``."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def _load(self) -> ModuleType:
        if self._module is None:
            pytest.importorskip(self._name.partition(".")[0])
            self._module = importlib.import_module(self._name)
        return self._module

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("_"):
            # pytest probes every module-level object for markers (``__pytest_wrapped__``,
            # ``_pytestfixturefunction``) while it collects: no import for those
            raise AttributeError(attr)
        return getattr(self._load(), attr)
