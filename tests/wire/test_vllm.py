"""``leakcall.vllm`` (issue 28, item 6): the vLLM tool parser.

Without vLLM (as in CI): the module imports and its plugin file is where ``python -m
leakcall.vllm`` says, and the per-request work the parser wraps (``_Turn``: a reply whole, or
delta by delta and its end) is exercised directly. With vLLM installed (skipped otherwise; CI does
not install it): the parser is loaded by vLLM's own plugin loader and driven through vLLM's
serving-layer classes with a stub tokenizer (``ParserManager``, ``Parser.parse`` and
``assemble_chat_message_fields`` as a non-streamed reply is built, ``ChatStreamProcessor`` as a
stream is), and the ``vllm serve`` command of ``docs/vllm.md`` runs as written up to the engine.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import leakcall.vllm

from ..conftest import ROOT

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
USER = [{"role": "user", "content": "Weather in Paris?"}]
PREAMBLE = "Let me check the weather.\n\n"
CALL = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'
LEAK = PREAMBLE + CALL
FENCED = "For example:\n\n```\n" + CALL + "\n```\nThat is the format."
MISTRAL = PREAMBLE + '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'
DOC = ROOT / "docs" / "vllm.md"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def _pieces(text: str, step: int) -> list[str]:
    return [text[i : i + step] for i in range(0, len(text), step)]


def _snippet(kind: str, lang: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"<!-- vllm: {kind} -->\n```{lang}\n(.*?)```", text, re.S)
    assert m, kind
    return m.group(1)


# --- without vLLM ---------------------------------------------------------------------------------


@pytest.mark.heavy  # starts processes
def test_the_module_imports_without_vllm_and_names_its_plugin_file() -> None:
    code = ("import sys; sys.modules['vllm'] = None\nimport leakcall.vllm as m\n"
            "print(m.PLUGIN)\ntry:\n    m.LeakcallToolParser\nexcept ImportError:\n"
            "    print('lazy')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=ENV, check=False)
    assert r.returncode == 0, r.stderr
    plugin, lazy = r.stdout.split()
    assert lazy == "lazy"
    # the docs' command substitution prints the same file, which imports the module
    r = subprocess.run([sys.executable, "-m", "leakcall.vllm"], capture_output=True, text=True,
                       timeout=60, env=ENV, check=False)
    assert r.stdout.strip() == plugin == leakcall.vllm.PLUGIN, r.stderr
    assert "leakcall.vllm import register" in Path(plugin).read_text(encoding="utf-8")
    assert Path(plugin).name != "vllm.py"  # vLLM loads a plugin path under its file name
    assert '"$(python -m leakcall.vllm)"' in _snippet("serve", "sh")


# Where vLLM releases keep the tool parser base class and the protocol classes (read from the
# wheels of 0.9.0, 0.10.0, 0.11.0, 0.15.0, 0.20.0, 0.25.0, 0.30.0, 0.33.0 and 0.34.0): the
# parser module, its protocol module, whether the constructor takes the tools, and whether the
# base class has ``engine_based_streaming`` (the end-of-stream hook, from 0.25 on).
LAYOUTS = {
    "0.9-0.11": ("vllm.entrypoints.openai.tool_parsers.abstract_tool_parser",
                 "vllm.entrypoints.openai.protocol", False, False),
    "0.15-0.20": ("vllm.tool_parsers.abstract_tool_parser",
                  "vllm.entrypoints.openai.engine.protocol", True, False),
    "0.25": ("vllm.tool_parsers.abstract_tool_parser",
             "vllm.entrypoints.openai.engine.protocol", True, True),
    "0.30-0.34": ("vllm.tool_parsers.abstract_tool_parser",
                  "vllm.entrypoints.generate.base.protocol", True, True),
}
_PROTOCOL = """
class _Model:
    def __init__(self, **kw):
        self.__dict__.update(kw)
DeltaMessage = ExtractedToolCallInformation = ToolCall = FunctionCall = None
for _n in ("DeltaMessage", "ExtractedToolCallInformation", "ToolCall", "FunctionCall",
           "DeltaToolCall", "DeltaFunctionCall"):
    globals()[_n] = type(_n, (_Model,), {})
"""
_PARSER = """
from {protocol} import DeltaMessage, ExtractedToolCallInformation
class ToolParser:
{hook}    def __init__(self, tokenizer{tools}):
        self.prev_tool_call_arr = []
        self.streamed_args_for_tool = []
        self.current_tool_id = -1
class ToolParserManager:
    tool_parsers = {{}}
    @classmethod
    def register_module(cls, name=None, force=True, module=None):
        cls.tool_parsers[name] = module
        return module
"""
_DRIVE = """
import importlib.util, json, sys
sys.path.insert(0, sys.argv[1])
import vllm
spec = importlib.util.spec_from_file_location("_vllm_plugin", sys.argv[2])
spec.loader.exec_module(importlib.util.module_from_spec(spec))  # as --tool-parser-plugin
parser_module = importlib.import_module(sys.argv[3])
protocol = importlib.import_module(sys.argv[4])
cls = parser_module.ToolParserManager.tool_parsers["leakcall"]
assert issubclass(cls, parser_module.ToolParser)
tools = json.loads(sys.argv[5])
request = type("R", (), {"tools": tools, "tool_choice": "auto", "messages": []})()
args = (object(), tools) if sys.argv[6] == "1" else (object(),)
info = cls(*args).extract_tool_calls(sys.argv[7], request)
assert type(info) is protocol.ExtractedToolCallInformation and info.tools_called
(call,) = info.tool_calls
assert type(call) is protocol.ToolCall and type(call.function) is protocol.FunctionCall
out = {"content": info.content, "name": call.function.name, "args": call.function.arguments}
parser = cls(*args)
shown = [parser.extract_tool_calls_streaming("", "", sys.argv[7][i:i + 5], [], [], [], request)
         for i in range(0, len(sys.argv[7]), 5)]
out["shown"] = "".join(d.content for d in shown if d is not None)
if cls.engine_based_streaming:
    end = parser.finish_streaming()
    assert type(end) is protocol.DeltaMessage
    (delta,) = end.tool_calls
    assert type(delta) is protocol.DeltaToolCall
    assert type(delta.function) is protocol.DeltaFunctionCall
    out["end"] = [end.content, delta.function.name, delta.function.arguments]
print(json.dumps(out))
"""


@pytest.mark.heavy
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_parser_finds_the_classes_of_each_vllm_layout(layout: str, tmp_path: Path) -> None:
    """A stand-in ``vllm`` package laid out as each range of releases lays it out (no real
    vLLM needed): the plugin file registers the parser, which answers with that layout's own
    protocol classes, not and streamed; without the end-of-stream hook a stream passes as
    it came."""
    parser_module, protocol, takes_tools, hook = LAYOUTS[layout]
    for module in ("vllm", parser_module, protocol):
        parts = module.split(".")
        for i in range(1, len(parts)):
            init = tmp_path.joinpath(*parts[:i], "__init__.py")
            init.parent.mkdir(parents=True, exist_ok=True)
            init.touch()
    tmp_path.joinpath(*protocol.split(".")).with_suffix(".py").write_text(_PROTOCOL)
    tmp_path.joinpath(*parser_module.split(".")).with_suffix(".py").write_text(_PARSER.format(
        protocol=protocol, tools=", tools=None" if takes_tools else "",
        hook="    engine_based_streaming = False\n" if hook else ""))
    r = subprocess.run([sys.executable, "-c", _DRIVE, str(tmp_path), leakcall.vllm.PLUGIN,
                        parser_module, protocol, json.dumps(TOOLS), "1" if takes_tools else "0",
                        LEAK], capture_output=True, text=True, timeout=120, env=ENV,
                       check=False)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert (out["content"], out["name"], json.loads(out["args"])) == (
        PREAMBLE, "get_weather", {"city": "Paris"})
    if hook:
        assert out["shown"] + (out["end"][0] or "") == PREAMBLE and out["end"][1] == "get_weather"
    else:
        assert out["shown"] == LEAK and "no end-of-stream hook" in r.stderr


def test_the_readme_links_the_vllm_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/vllm.md)" in readme and DOC.is_file()


def _request(tools: Any = TOOLS, tool_choice: Any = "auto") -> Any:
    return SimpleNamespace(tools=tools, tool_choice=tool_choice, messages=USER)


def _stream(turn: Any, text: str, step: int, request: Any) -> tuple[list[str], str, Any]:
    shown = [turn.feed(d, request) for d in _pieces(text, step)]
    rest, rec = turn.end()
    return shown, rest, rec


@pytest.mark.parametrize("step", [1, 3, 7, 200])
def test_a_turn_holds_the_markup_and_gives_the_calls_at_the_end(step: int) -> None:
    whole = leakcall.vllm._Turn(None, "ignore").whole(LEAK, _request())
    assert whole is not None and whole.ok and whole.content == PREAMBLE
    shown, rest, rec = _stream(leakcall.vllm._Turn(None, "ignore"), LEAK, step, _request())
    assert "".join(shown) + rest == PREAMBLE
    assert not any("<" in s for s in shown)
    assert rec == whole  # same decision, same ids streamed and not


def test_a_turn_releases_a_refused_reply_unchanged() -> None:
    shown, rest, rec = _stream(leakcall.vllm._Turn(None, "ignore"), FENCED, 4, _request())
    assert "".join(shown) + rest == FENCED
    assert not rec.ok and str(rec.reason) == "fenced"


@pytest.mark.parametrize("request_", [_request(tool_choice="none"), _request(tools=None),
                                      _request(tools=[{"type": "function"}])],
                         ids=["tool_choice-none", "no-tools", "unreadable-tools"])
def test_a_turn_passes_through_when_there_is_nothing_to_repair(request_: Any) -> None:
    turn = leakcall.vllm._Turn(None, "ignore")
    assert turn.whole(LEAK, request_) is None
    assert [turn.feed(d, request_) for d in _pieces(LEAK, 5)] == _pieces(LEAK, 5)
    assert turn.end() == ("", None)


def test_the_options_restrict_the_families_and_are_checked_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEAKCALL_FAMILIES", "mistral, mistral_v11")
    fams, mode = leakcall.vllm._options(None, None)
    assert (fams, mode) == (("mistral", "mistral_v11"), "ignore")
    turn = leakcall.vllm._Turn(fams, mode)
    hermes = turn.whole(LEAK, _request())
    assert hermes is not None and not hermes.ok  # not a family it looks for
    mistral = turn.whole(MISTRAL, _request())
    assert mistral is not None and mistral.ok and mistral.family == "mistral"
    assert leakcall.vllm._options(["hermes"], "recover") == (("hermes",), "recover")
    monkeypatch.setenv("LEAKCALL_FAMILIES", "no_such_family")
    with pytest.raises(KeyError):
        leakcall.vllm._options(None, None)
    monkeypatch.delenv("LEAKCALL_FAMILIES")
    monkeypatch.setenv("LEAKCALL_REASONING", "maybe")
    with pytest.raises(ValueError):
        leakcall.vllm._options(None, None)


@pytest.mark.parametrize("where", ["feed_text", "_push"])  # before / after the text is kept
def test_a_failure_inside_a_turn_releases_what_it_held(where: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    turn = leakcall.vllm._Turn(None, "ignore")
    shown = [turn.feed(d, _request()) for d in _pieces(LEAK, 10)[:4]]
    assert turn._held is not None and turn._held.text != "".join(shown)  # some text is held

    def broken(delta: str) -> Any:
        raise RuntimeError("bug")

    monkeypatch.setattr(turn._held, where, broken)
    rest = [turn.feed(d, _request()) for d in _pieces(LEAK, 10)[4:]]
    assert "".join(shown + rest) == LEAK
    assert turn.end() == ("", None)


# --- with vLLM (skipped where it is not installed) ----------------------------------------------


@pytest.fixture(scope="module")
def vllm() -> Any:
    return pytest.importorskip("vllm")


class StubTokenizer:
    """What the parsers ask of a tokenizer: a vocabulary and decoding (each text piece a
    token of its own)."""

    def __init__(self) -> None:
        self.vocab = {"<think>": 1, "</think>": 2}
        self.text = {v: k for k, v in self.vocab.items()}

    def get_vocab(self) -> dict[str, int]:
        return self.vocab

    def token(self, piece: str) -> int:
        if piece not in self.vocab:
            self.vocab[piece] = len(self.vocab) + 100
            self.text[self.vocab[piece]] = piece
        return self.vocab[piece]

    def decode(self, ids: list[int], **_: Any) -> str:
        return "".join(self.text[i] for i in ids)

    def convert_ids_to_tokens(self, ids: list[int], **_: Any) -> list[str]:
        return [self.text[i] for i in ids]


def _chat_request(**more: Any) -> Any:
    from vllm.entrypoints.openai.chat_completion.protocol import ChatCompletionRequest

    return ChatCompletionRequest(model="m", messages=USER, tools=TOOLS, **more)


def _parser_cls(name: str = "leakcall", reasoning: str | None = None) -> Any:
    from vllm.parser import ParserManager

    return ParserManager.get_parser(tool_parser_name=name, reasoning_parser_name=reasoning,
                                    enable_auto_tools=True)


def _reply(parser_cls: Any, text: str, request: Any) -> Any:
    """A non-streamed reply's message fields, as vLLM's chat serving builds them."""
    from vllm.entrypoints.openai.chat_completion.message_assembly import (
        assemble_chat_message_fields,
    )

    tok = StubTokenizer()
    parser = parser_cls(tok, request.tools, model_config=None)
    reasoning, content, calls = parser.parse(text, request, enable_auto_tools=True)
    return assemble_chat_message_fields(request, reasoning, content, calls,
                                        enable_auto_tools=True, parser_cls=parser_cls)


def _streamed(parser_cls: Any, pieces: list[str], request: Any) -> list[Any]:
    """A stream's (delta, finish_reason) steps, as vLLM's chat serving makes them."""
    from vllm.entrypoints.openai.chat_completion.stream_processor import ChatStreamProcessor

    tok = StubTokenizer()
    parser = parser_cls(tok, request.tools, model_config=None)
    proc = ChatStreamProcessor(request, parser, enable_auto_tools=True, parser_cls=parser_cls)
    return [proc.step(p, [tok.token(p)], "stop" if i == len(pieces) - 1 else None, [7, 8])
            for i, p in enumerate(pieces)]


def _text(steps: list[Any]) -> str:
    return "".join(s.delta.content or "" for s in steps if s.delta is not None)


def _calls(steps: list[Any]) -> list[tuple[str | None, str | None, str | None]]:
    return [(c.id, c.function.name, c.function.arguments)
            for s in steps if s.delta is not None for c in s.delta.tool_calls]


@pytest.mark.heavy
def test_vllm_loads_the_plugin_and_repairs_a_whole_reply(vllm: Any) -> None:
    from vllm.tool_parsers.abstract_tool_parser import ToolParserManager

    ToolParserManager.import_tool_parser(leakcall.vllm.PLUGIN)  # what --tool-parser-plugin does
    assert ToolParserManager.get_tool_parser("leakcall") is leakcall.vllm.LeakcallToolParser
    cls = _parser_cls()
    assert cls.tool_parser_cls is leakcall.vllm.LeakcallToolParser
    fields = _reply(cls, LEAK, _chat_request())
    assert fields.content == PREAMBLE
    (call,) = fields.tool_calls
    assert (call.function.name, json.loads(call.function.arguments)) == (
        "get_weather", {"city": "Paris"})
    assert call.id.startswith("call_")
    fenced = _reply(cls, FENCED, _chat_request())
    assert (fenced.content, fenced.tool_calls) == (FENCED, [])


@pytest.mark.heavy
@pytest.mark.parametrize("step", [1, 4, 9, 1000])
def test_vllm_streams_the_text_and_ends_with_the_calls(vllm: Any, step: int) -> None:
    cls = _parser_cls()
    whole = _reply(cls, LEAK, _chat_request())
    steps = _streamed(cls, _pieces(LEAK, step), _chat_request(stream=True))
    assert _text(steps) == PREAMBLE
    assert all("<" not in (s.delta.content or "") for s in steps if s.delta is not None)
    assert _calls(steps) == [(c.id, c.function.name, c.function.arguments)
                             for c in whole.tool_calls]
    assert steps[-1].finish_reason == "tool_calls" and steps[-1].delta.tool_calls


@pytest.mark.heavy
def test_vllm_streams_a_refused_or_unasked_reply_unchanged(vllm: Any) -> None:
    cls = _parser_cls()
    steps = _streamed(cls, _pieces(FENCED, 6), _chat_request(stream=True))
    assert (_text(steps), _calls(steps), steps[-1].finish_reason) == (FENCED, [], "stop")
    steps = _streamed(cls, _pieces(LEAK, 6), _chat_request(stream=True, tool_choice="none"))
    assert (_text(steps), _calls(steps), steps[-1].finish_reason) == (LEAK, [], "stop")


@pytest.mark.heavy
def test_vllm_with_a_reasoning_parser_gives_the_parser_the_content(vllm: Any) -> None:
    cls = _parser_cls(reasoning="qwen3")
    thought = "The user wants the weather."
    fields = _reply(cls, "<think>" + thought + "</think>" + LEAK, _chat_request())
    assert (fields.reasoning, fields.content) == (thought, PREAMBLE)
    assert [c.function.name for c in fields.tool_calls] == ["get_weather"]
    steps = _streamed(cls, ["<think>", thought, "</think>", *_pieces(LEAK, 7)],
                      _chat_request(stream=True))
    assert "".join(s.delta.reasoning or "" for s in steps if s.delta is not None) == thought
    assert _text(steps) == PREAMBLE
    assert [name for _, name, _ in _calls(steps)] == ["get_weather"]
    assert steps[-1].finish_reason == "tool_calls"


@pytest.mark.heavy
def test_vllm_responses_api_request(vllm: Any) -> None:
    from vllm.entrypoints.openai.responses.protocol import ResponsesRequest

    request = ResponsesRequest(model="m", input="Weather in Paris?", tools=[
        {"type": "function", "name": "get_weather", "parameters": SCHEMA}])
    parser = _parser_cls()(StubTokenizer(), request.tools, model_config=None)
    _, content, calls = parser.parse(LEAK, request, enable_auto_tools=True)
    assert content == PREAMBLE and [c.name for c in calls] == ["get_weather"]


@pytest.mark.heavy
def test_the_docs_plugin_snippet_registers_a_parser_with_its_options(
        vllm: Any, tmp_path: Path) -> None:
    from vllm.tool_parsers.abstract_tool_parser import ToolParserManager

    plugin = tmp_path / "my_parsers.py"
    plugin.write_text(_snippet("plugin", "python"), encoding="utf-8")
    ToolParserManager.import_tool_parser(str(plugin))
    cls = _parser_cls("leakcall-hermes")
    assert cls.tool_parser_cls.families == ("hermes",)
    assert [c.function.name for c in _reply(cls, LEAK, _chat_request()).tool_calls] == [
        "get_weather"]
    other = _reply(cls, MISTRAL, _chat_request())  # a family it does not look for
    assert (other.content, other.tool_calls) == (MISTRAL, [])
    assert _reply(_parser_cls(), MISTRAL, _chat_request()).tool_calls  # the default does


@pytest.mark.heavy
def test_the_docs_serve_command_loads_the_parser(vllm: Any, tmp_path: Path) -> None:
    """The command as written (the model an empty folder): vLLM loads the plugin, accepts
    ``--tool-call-parser leakcall`` and only then stops, for want of a model."""
    command = _snippet("serve", "sh").replace("\\\n", " ").strip()
    argv = shlex.split(command)
    assert argv[:2] == ["vllm", "serve"] and "--tool-call-parser" in argv
    model = tmp_path / "no-model"
    model.mkdir()
    command = command.replace(argv[2], shlex.quote(str(model)), 1)
    bindir = str(Path(sys.executable).parent)
    env = {**ENV, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "VLLM_TARGET_DEVICE": "cpu"}  # a machine without a GPU
    r = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=300,
                       env=env, check=False)
    log = r.stdout + r.stderr
    assert r.returncode != 0
    assert f"'tool_parser_plugin': '{leakcall.vllm.PLUGIN}'" in log
    assert "invalid tool call parser" not in log and "Failed to load module" not in log
    assert "Invalid repository ID or local directory" in log  # past the parser checks
