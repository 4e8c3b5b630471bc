"""vLLM integration: a tool parser, registered under the name ``leakcall``, that recovers the tool
calls a model leaked as text, inside vLLM's OpenAI-compatible server, streamed and not::

    vllm serve MODEL --enable-auto-tool-choice \\
        --tool-parser-plugin "$(python -m leakcall.vllm)" --tool-call-parser leakcall

``python -m leakcall.vllm`` prints the path of a plugin file that calls ``register`` (vLLM
loads a plugin given as a path under its file name, so this module, ``vllm.py``, cannot be given
as a path itself; vLLM versions that also take a module name accept ``--tool-parser-plugin
leakcall.vllm``). On import this module registers the parser when ``vllm`` is already imported,
as it is when vLLM loads a plugin; ``register`` does it by hand, under another name or with
other options.

Options, read once when the parser is registered (a bad one raises then, so vLLM does not start):
``LEAKCALL_FAMILIES`` (comma-separated family names; default: every family, detected in each
reply) and ``LEAKCALL_REASONING`` (``ignore``, the default, or ``recover``) — the variables of
``leakcall serve``'s ``--families`` and ``--reasoning`` — or ``register``'s arguments.

What it does, for a request that advertises ``tools`` and does not say ``tool_choice: "none"``
(vLLM calls tool parsers for ``"auto"``; ``"required"`` and a named tool are its guided JSON):

- ``extract_tool_calls`` (a whole reply): ``recover`` on the model output with the request's
  tools; when it is ``ok`` the calls, and the output without the markup as content (``None``
  when only whitespace is left); otherwise no calls and the output unchanged.
- ``extract_tool_calls_streaming`` (each delta): the delta goes to leakcall's streaming recoverer
  (``StreamRecoverer``, through the one held-reply state the other adapters use), and the text
  that cannot be markup is returned at once; the rest is held. At the end of the stream vLLM
  calls ``finish_streaming`` (the parser says ``engine_based_streaming``, vLLM's flag for a
  parser that holds text until the end), which decides with one ``recover`` on the whole reply
  and returns the held text without the markup and the calls, each whole in one
  ``DeltaToolCall``; vLLM then ends the stream with ``finish_reason: "tool_calls"``. On a vLLM
  without that hook, streams pass through unrepaired (a warning is logged once).

The calls' ids are a digest of the conversation (``leakcall._wire.request_salt``): the same
streamed and not. Bad input never raises out of the parser: tools leakcall cannot read, or a
failure inside it, give the model output unchanged (logged on ``leakcall.vllm``).

``vllm`` is imported only when the parser class is first built (``register``,
``LeakcallToolParser``): this module imports without it.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ._wire import Held, request_salt
from .pipeline import ReasoningMode
from .recoverer import Recoverer, recoverer_for
from .result import Recovery

__all__ = ["NAME", "PLUGIN", "LeakcallToolParser", "register"]

NAME = "leakcall"
"""The name the parser is registered under (``--tool-call-parser leakcall``)."""

PLUGIN = str(Path(__file__).with_name("_vllm_plugin.py"))
"""The plugin file to give vLLM's ``--tool-parser-plugin`` (it calls ``register``)."""

LeakcallToolParser: Any
"""The parser class (a vLLM ``ToolParser``) with the options of the ``LEAKCALL_*`` variables,
built on first use."""

_log = logging.getLogger("leakcall.vllm")


# --- the work on one request, free of vLLM's types ---------------------------------------------


def _plain(obj: Any) -> Any:
    """``obj`` as JSON-like data (pydantic objects dumped, without unset ``None`` fields)."""
    dump = getattr(obj, "model_dump", None)
    if callable(dump):
        return dump(mode="json", exclude_none=True)
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    return obj


def _options(families: Iterable[str] | None,
             reasoning: ReasoningMode | None) -> tuple[tuple[str, ...] | None, ReasoningMode]:
    """The options, from the arguments or else the ``LEAKCALL_*`` variables, checked."""
    if families is None:
        raw = os.environ.get("LEAKCALL_FAMILIES", "")
        names = [f.strip() for f in raw.split(",") if f.strip()]
        fams = tuple(names) if names else None
    else:
        if isinstance(families, str):
            raise TypeError("families must be a list of family names, not a str")
        fams = tuple(families)
    mode = reasoning if reasoning is not None else os.environ.get("LEAKCALL_REASONING") or "ignore"
    recoverer_for([], reasoning=mode, families=fams)  # type: ignore[arg-type] # raises on misuse
    return fams, mode  # type: ignore[return-value]


class _Turn:
    """One request's reply: ``whole`` for a reply at once, or ``feed`` per delta and ``end``."""

    def __init__(self, families: tuple[str, ...] | None, reasoning: ReasoningMode) -> None:
        self._families = families
        self._reasoning: ReasoningMode = reasoning
        self._held: Held | None = None
        self._off = False  # passing through: no tools, tool_choice "none", or a failure
        self._received = 0  # characters of the reply fed to ``_held``
        self._shown = 0  # of those, characters returned by ``feed``

    def _recoverer(self, request: Any) -> tuple[Recoverer, str] | None:
        """The recoverer for the request's tools and the id salt, or None (pass through)."""
        tools = getattr(request, "tools", None)
        if not tools or getattr(request, "tool_choice", None) == "none":
            return None
        try:
            rc = recoverer_for(_plain(list(tools)), reasoning=self._reasoning,
                               families=self._families)
        except (TypeError, ValueError) as e:
            _log.warning("leakcall: the request's tools cannot be read (%s): no repair", e)
            return None
        ctx = {k: _plain(getattr(request, k, None)) for k in ("messages", "input", "instructions")}
        return rc, request_salt(ctx)

    def whole(self, text: str, request: Any) -> Recovery | None:
        """The decision on a whole reply (None: pass it through)."""
        try:
            got = self._recoverer(request)
            return None if got is None else got[0].recover(text, id_salt=got[1])
        except Exception:  # a bug must not cost the caller its reply
            _log.exception("leakcall: repair failed; the reply passes unchanged")
            return None

    def feed(self, delta: str, request: Any) -> str:
        """The next delta of the reply; the text to show now."""
        if self._off or not delta:
            return delta if self._off else ""
        try:
            if self._held is None:
                got = self._recoverer(request)
                if got is None:
                    self._off = True
                    return delta
                self._held = Held(got[0], got[1], None, None)
            self._received += len(delta)
            shown = self._held.feed_text(delta)[0]
        except Exception:
            _log.exception("leakcall: stream repair failed; the rest passes unchanged")
            return self._give_up(delta)
        self._shown += len(shown)
        return shown

    def end(self) -> tuple[str, Recovery | None]:
        """The reply ended: the text left to show and the decision (None: passed through)."""
        if self._held is None or self._off:
            return "", None
        try:
            rest, _, rec = self._held.close(None)
        except Exception:
            _log.exception("leakcall: stream repair failed; the rest passes unchanged")
            return self._give_up(), None
        self._off = True
        return rest, rec

    def _give_up(self, delta: str = "") -> str:
        """Pass through from now on; the text received but not shown yet (``delta``: the one
        being fed, which the held state may not have taken)."""
        self._off = True
        held, self._held = self._held, None
        if held is None:
            return delta
        text = held.text
        missing = self._received - len(text)
        return text[self._shown :] + (delta[len(delta) - missing :] if missing > 0 else "")


# --- the vLLM parser --------------------------------------------------------------------------


_PROTOCOL_CLASSES = ("DeltaMessage", "ExtractedToolCallInformation", "ToolCall", "FunctionCall",
                     "DeltaToolCall", "DeltaFunctionCall")


def _vllm() -> tuple[Any, Any, Any]:
    """vLLM's ``ToolParser``, ``ToolParserManager`` and its protocol module (the module that
    holds ``DeltaMessage`` and its kin), where this vLLM keeps them.

    The parser module moved once (``vllm.entrypoints.openai.tool_parsers`` to
    ``vllm.tool_parsers``, 0.12 to 0.15) and the protocol classes twice
    (``vllm.entrypoints.openai.protocol`` to ``...openai.engine.protocol`` to
    ``vllm.entrypoints.generate.base.protocol``, by 0.15 and 0.30). The parser module imports
    ``DeltaMessage`` for its own signatures in every release, so the protocol module is the one
    that defines that class: no list of paths to keep up to date."""
    try:
        from vllm.tool_parsers import abstract_tool_parser as tp  # noqa: PLC0415 - lazy
    except ImportError:  # vLLM before the tool parsers moved out of the OpenAI entrypoint
        from vllm.entrypoints.openai.tool_parsers import (  # noqa: PLC0415
            abstract_tool_parser as tp,
        )
    delta = getattr(tp, "DeltaMessage", None)
    protocol = sys.modules.get(getattr(delta, "__module__", ""), None)
    if protocol is None or not all(hasattr(protocol, c) for c in _PROTOCOL_CLASSES):
        raise ImportError("leakcall.vllm: this vLLM's tool parser module names no protocol "
                          "module holding " + ", ".join(_PROTOCOL_CLASSES))
    return tp.ToolParser, tp.ToolParserManager, protocol


_BASE: Any = None
_DEFAULT: Any = None
_WARNED = False


def _base() -> Any:
    """The parser class without options (built once; vLLM is imported here)."""
    global _BASE  # noqa: PLW0603 - built once, on first use
    if _BASE is not None:
        return _BASE
    tool_parser, _, p = _vllm()
    # vLLM calls finish_streaming at the end of a stream for a parser with this flag
    hook = hasattr(tool_parser, "engine_based_streaming")

    class LeakcallToolParser(tool_parser):  # type: ignore[misc, valid-type]
        """Recovers leaked tool calls (``leakcall.vllm``'s doc)."""

        families: tuple[str, ...] | None = None
        reasoning: ReasoningMode = "ignore"
        engine_based_streaming = hook

        def __init__(self, tokenizer: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(tokenizer, *args, **kwargs)
            self._turn = _Turn(self.families, self.reasoning)

        def extract_tool_calls(self, model_output: str, request: Any) -> Any:
            rec = self._turn.whole(model_output, request)
            if rec is None or not rec.ok:
                return p.ExtractedToolCallInformation(tools_called=False, tool_calls=[],
                                                      content=model_output)
            self._record(rec)
            calls = [p.ToolCall(id=c.id, type="function", function=p.FunctionCall(
                name=c.name, arguments=c.arguments_json())) for c in rec.calls]
            return p.ExtractedToolCallInformation(
                tools_called=True, tool_calls=calls,
                content=rec.content if rec.content.strip() else None)

        def extract_tool_calls_streaming(
                self, previous_text: str, current_text: str, delta_text: str,
                previous_token_ids: Sequence[int], current_token_ids: Sequence[int],
                delta_token_ids: Sequence[int], request: Any) -> Any:
            if not hook:
                _warn_no_hook()
                return p.DeltaMessage(content=delta_text) if delta_text else None
            shown = self._turn.feed(delta_text, request)
            return p.DeltaMessage(content=shown) if shown else None

        def finish_streaming(self) -> Any:
            """The stream ended: the held text, without the markup, and the calls."""
            rest, rec = self._turn.end()
            if rec is None or not rec.ok:
                return p.DeltaMessage(content=rest) if rest else None
            self._record(rec)
            calls = [p.DeltaToolCall(index=i, id=c.id, type="function",
                                     function=p.DeltaFunctionCall(name=c.name,
                                                                  arguments=c.arguments_json()))
                     for i, c in enumerate(rec.calls)]
            return p.DeltaMessage(content=rest or None, tool_calls=calls)

        def _record(self, rec: Recovery) -> None:
            """vLLM's bookkeeping of the calls sent: all of each call's arguments went out."""
            self.prev_tool_call_arr = [{"name": c.name, "arguments": c.arguments}
                                       for c in rec.calls]
            self.streamed_args_for_tool = [c.arguments_json() for c in rec.calls]
            self.current_tool_id = len(rec.calls) - 1
            _log.debug("leakcall: recovered %d call(s) (%s)", len(rec.calls), rec.family)

    LeakcallToolParser.__module__ = __name__
    _BASE = LeakcallToolParser
    return _BASE


def _warn_no_hook() -> None:
    global _WARNED  # noqa: PLW0603 - once per process
    if not _WARNED:
        _WARNED = True
        _log.warning("leakcall: this vLLM calls no end-of-stream hook on tool parsers: streamed "
                     "replies pass unrepaired (non-streamed ones are repaired)")


def parser_class(*, families: Iterable[str] | None = None,
                 reasoning: ReasoningMode | None = None) -> Any:
    """A ``LeakcallToolParser`` class with these options (``None``: the ``LEAKCALL_*``
    variable, else the default). Raises KeyError for an unknown family, ValueError for a bad
    ``reasoning``, ImportError without vLLM."""
    fams, mode = _options(families, reasoning)
    base = _base()
    return type("LeakcallToolParser", (base,), {"families": fams, "reasoning": mode,
                                                "__module__": __name__,
                                                "__doc__": base.__doc__})


def register(name: str = NAME, *, families: Iterable[str] | None = None,
             reasoning: ReasoningMode | None = None) -> Any:
    """Register a parser with these options in vLLM's ``ToolParserManager`` under ``name``
    (``--tool-call-parser name``) and return its class. Raises as ``parser_class``."""
    cls = (__getattr__("LeakcallToolParser") if families is None and reasoning is None
           else parser_class(families=families, reasoning=reasoning))
    _vllm()[1].register_module(name=name, module=cls)
    return cls


def __getattr__(name: str) -> Any:
    """``LeakcallToolParser``, built on first use."""
    global _DEFAULT  # noqa: PLW0603 - one default class
    if name == "LeakcallToolParser":
        if _DEFAULT is None:
            _DEFAULT = parser_class()
        return _DEFAULT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if "vllm" in sys.modules and sys.modules["vllm"] is not None:  # loaded by vLLM as a plugin
    register()

if __name__ == "__main__":
    print(PLUGIN)
