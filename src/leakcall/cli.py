"""The ``leakcall`` command (also ``python -m leakcall``): recover, scan, serve, families.
Exit codes: 0 recovered, 1 refused, 2 misuse, 3 internal error. (Maintainer commands live apart,
in ``python -m leakcall.maint``.)"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, NoReturn

from . import scan, serve
from .families import all_families
from .logs import Reply, iter_records
from .recoverer import recover
from .tools import check_tools

__all__ = ["EXIT_BUG", "EXIT_MISUSE", "EXIT_RECOVERED", "EXIT_REFUSED", "Misuse", "main", "parser"]


EXIT_RECOVERED, EXIT_REFUSED, EXIT_MISUSE, EXIT_BUG = 0, 1, 2, 3
"""``leakcall`` exit codes: calls recovered; refused (nothing to dispatch); misuse (a file that
cannot be read, a bad option or tool list: one line on stderr names it); an internal error."""


class Misuse(Exception):
    """A problem with what the command was given; its message is the one line printed."""


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (exit 2), like every other misuse."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_MISUSE, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise Misuse(f"{path}: no such file") from None
    except IsADirectoryError:
        raise Misuse(f"{path}: is a directory, not a file") from None
    except OSError as e:
        raise Misuse(f"{path}: cannot be read ({e.strerror or e})") from None


def _read(path: str) -> str:
    """A file (``-``: stdin) as UTF-8 text; Misuse when it cannot be read or is not text."""
    data = _read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Misuse(f"{_shown(path)}: not UTF-8 text (byte {data[e.start]:#04x} at offset "
                     f"{e.start})") from None
    if "\x00" in text:
        raise Misuse(f"{_shown(path)}: binary data (a NUL byte at offset {text.index(chr(0))})")
    return text.removeprefix("\ufeff")


def _shown(path: str) -> str:
    return "stdin" if path == "-" else path


def _json(text: str, path: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise Misuse(f"{_shown(path)}: not JSON ({e})") from None


def _load_tools(path: str | None) -> list[Any]:
    if path is None:
        return []
    data = _json(_read(path), path)
    if isinstance(data, dict) and "tools" in data:
        data = data["tools"]
    if not isinstance(data, list):
        raise Misuse(f"{path}: expected a JSON list of tools (or an object with 'tools'), "
                     f"not a JSON {type(data).__name__}")
    return data


def _structured(raw: str, path: str, tools: list[Any] | None) -> tuple[str, list[Any]] | None:
    """(reply text, tools) of a JSON input that ``leakcall scan`` would read as a reply (a corpus
    case, a Chat Completions / Responses / Anthropic Messages response, a request/response
    pair), or None when the input is not such JSON (it is then the reply text itself). Tools
    in the file win; ``tools`` serve when it carries none."""
    if not raw.lstrip().startswith("{"):
        return None
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    first = next(iter_records([json.dumps(obj)], tools), None)
    if isinstance(first, Reply):
        return first.text, list(first.tools)
    if first is None:  # a known shape without any reply text
        raise Misuse(f"{_shown(path)}: the response holds no reply text")
    if first.kind == "bad_tools":
        raise Misuse(f"{_shown(path)}: its tools are invalid ({first.detail})")
    return None  # JSON of no known shape: a reply that happens to be JSON


def _cmd_recover(args: argparse.Namespace) -> int:
    raw = _read(args.file)
    tools = _load_tools(args.tools) if args.tools is not None else None
    if tools is not None:
        try:  # every entry checked: a schema that is not valid JSON Schema is a mistake here
            check_tools(tools)
        except (TypeError, ValueError) as e:
            head, *items = str(e).splitlines()
            problems = "; ".join(ln.removeprefix("- ") for ln in items)
            raise Misuse(f"{args.tools}: {head.rstrip(':')}: {problems}" if items
                         else f"{args.tools}: {head}") from None
    found = None if args.text else _structured(raw, args.file, tools)
    text, tools = found if found is not None else (raw, tools or [])
    try:
        r = recover(text, tools, reasoning=args.reasoning, id_salt=args.id_salt)
    except (TypeError, ValueError) as e:  # recover raises only for API misuse: the file's tools
        raise Misuse(f"{_shown(args.file)}: invalid tools ({e})") from None
    print(f"{r.reason}: {r.detail}" + ("" if tools else " (no tools advertised: pass --tools)"),
          file=sys.stderr)
    if args.json:
        print(json.dumps(r.to_dict(), ensure_ascii=False, indent=2))
    else:
        for c in r.calls:
            print(json.dumps(c.to_openai(), ensure_ascii=False))
    return EXIT_RECOVERED if r.ok else EXIT_REFUSED


def _cmd_families(args: argparse.Namespace) -> int:
    for f in all_families():
        print(f"{f.name:16} {f.title}")
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``leakcall`` command (every subcommand and option)."""
    ap = _Parser(prog="leakcall", description=__doc__)
    ap.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                    help="print the version and exit")
    sub: Any = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    p = sub.add_parser(
        "recover", help="recover the calls in one reply",
        description="Recover the tool calls leaked in one reply. The status line (reason: detail) "
                    "goes to stderr; the calls, one JSON object per line (or the full result "
                    "with --json), to stdout. Exit 0 recovered, 1 refused, 2 misuse.")
    p.add_argument("file", help="the reply: a text file, - for stdin, or JSON that leakcall scan "
                                "reads (a corpus case, an OpenAI chat completion or Responses "
                                "object, an Anthropic message; its text and tools are used)")
    p.add_argument("--tools", help="JSON file with the advertised tools (a list, or an object with "
                                   "'tools'); used when the input carries none")
    p.add_argument("--json", action="store_true", help="print the full result as JSON on stdout")
    p.add_argument("--text", action="store_true",
                   help="read the input as reply text even when it is JSON")
    p.add_argument("--reasoning", choices=["ignore", "recover"], default="ignore",
                   help="recover a call found only inside a reasoning block (default: ignore)")
    p.add_argument("--id-salt", default="", metavar="SALT",
                   help="mixed into the generated call ids; the same reply and salt give the same "
                        "ids (default: empty)")
    p.set_defaults(fn=_cmd_recover)
    scan.add_parser(sub)
    serve.add_parser(sub)
    f = sub.add_parser("families", help="list the supported families")
    f.set_defaults(fn=_cmd_families)
    c = sub.add_parser("calibrate", add_help=False,
                       help="every preamble of a corpus or log with its rule and parse, and "
                            "(--grammar) each language's accepted grammar")
    c.add_argument("rest", nargs=argparse.REMAINDER,
                   help="CORPUS_OR_LOG [--tools T] [--update FILE] [--grammar], as "
                        "python -m leakcall.maint calibrate takes them")
    c.set_defaults(fn=_cmd_calibrate)
    return ap


def _cmd_calibrate(args: argparse.Namespace) -> int:
    from . import maint  # noqa: PLC0415 - the maintainer's command, loaded when asked for

    return maint.main(["calibrate", *args.rest])


def _version() -> str:
    try:
        return version("leakcall")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``leakcall`` command; returns its exit code."""
    args = parser().parse_args(argv)
    try:
        rc: int = args.fn(args)
    except Misuse as e:
        print(f"leakcall {args.cmd}: {e}", file=sys.stderr)
        return EXIT_MISUSE
    except OSError as e:  # a file another command was given cannot be read or written
        print(f"leakcall {args.cmd}: {e.filename or ''}: {e.strerror or e}", file=sys.stderr)
        return EXIT_MISUSE
    except UnicodeDecodeError as e:
        print(f"leakcall {args.cmd}: not UTF-8 text ({e})", file=sys.stderr)
        return EXIT_MISUSE
    except KeyboardInterrupt:
        return 130
    except Exception:  # a bug: the traceback for a report, and a code no outcome uses
        traceback.print_exc()
        return EXIT_BUG
    return rc


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
