"""Maintainer commands, apart from the user's ``leakcall`` command:
``python -m leakcall.maint calibrate|docs|families-readme|intent-tables``.

- ``calibrate CORPUS_OR_LOG [--tools T] [--update FILE] [--grammar]``: every preamble and tail
  seen around markup, with the rule that decided and, for an accepted preamble, its parse (the
  announced verbs with their kinds, the words grounding reads) (Markdown); exit 1 when a corpus
  case's outcome differs from its ``expect``. ``--update grammar/lexicon/CALIBRATION.md``
  rewrites that file's table (its header, up to the table, is kept). ``--grammar`` first prints
  each language's accepted grammar: the start rule and every word class with its entries.
  ``leakcall calibrate`` is the same command.
- ``docs [--check] [--root DIR]``: rewrite every generated table of the docs pages from its
  source (``GENERATED``: the family table of ``docs/families.md`` from the grammar headers, the
  intent rule table of ``docs/intent.md`` from ``leakcall.intent.rules``, the reason-code table of
  ``docs/safety.md`` from the docstrings of ``Reason`` and its table of the intent stage's rules
  from the same registry, the options table of ``docs/proxy.md`` from ``leakcall serve``'s
  argument parser); ``--check``: write nothing, exit 1 when one is stale.
- ``families-readme PAGE``: rewrite the generated family table between
  ``<!-- families:start -->`` and ``<!-- families:end -->`` of one page.
- ``intent-tables [--check]``: write the compiled intent tables shipped with the package
  (``leakcall/intent/tables.pickle``, see ``leakcall.intent.tables``) from the lexicon files; run
  it after editing a lexicon or the code that builds the tables. ``--check``: write nothing, exit
  1 when the shipped file is stale.

Exit status: 0 done, 1 an outcome differs from its expectation, 2 misuse (one line on stderr).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from . import reasons
from .corpus import load_cases
from .families import grammar_dir, markdown_table
from .intent import normalize, strip_end_tokens
from .intent.preamble import Announcement, announce
from .intent.rules import decision_table
from .intent.rules import table as intent_rule_table
from .intent.tables import tongues
from .intent.words import REFUSING, TERMINALS
from .locate import segments
from .logs import Reply, iter_records
from .pipeline import intent_context
from .reasons import Reason
from .recoverer import recover

__all__ = [
    "FAMILIES_END",
    "FAMILIES_START",
    "GENERATED",
    "TABLE_HEAD",
    "CalibrationRow",
    "calibration_report",
    "calibration_rows",
    "calibration_table",
    "calibration_totals",
    "grammar_report",
    "main",
    "reason_table",
    "serve_options_table",
    "update_calibration",
    "update_docs",
    "update_family_table",
]

FAMILIES_START, FAMILIES_END = "<!-- families:start -->", "<!-- families:end -->"
"""The markers around the generated family table (docs/families.md)."""

TABLE_HEAD = "| case | expect |"
"""Where the generated table of a calibration file starts (what precedes it is kept)."""


@dataclass(frozen=True)
class CalibrationRow:
    """One reply as the intent stage saw it: the visible text before and after the markup
    (whitespace trimmed) and the rule that decided."""

    case: str
    expect: str
    reason: str
    rule: str
    preamble: str
    tail: str
    parse: str = ""
    """For an accepted preamble: the announced verbs (kind) and the words grounding reads."""


def _row(cid: str, expect: str, text: str, tools: Any, options: dict[str, Any]) -> CalibrationRow:
    r = recover(text, tools, **options)
    before = after = ""
    if r.span is not None:
        segs = segments(text, None, bool(options.get("reasoning_preopened")))
        before, after = intent_context(text, *r.span, segs)
    parse = ""
    if r.rule == "action-preamble" and before.strip():
        said = announce(normalize(strip_end_tokens(before).strip()))
        if isinstance(said, Announcement):
            verbs = ", ".join(f"{v} ({k or '?'})" for v, k in said.verbs) or "-"
            words = ", ".join([*said.objects, *said.observed]) or "a pronoun"
            parse = f"{verbs}; {words}"
    return CalibrationRow(cid, expect, str(r.reason), r.rule, before.strip(), after.strip(),
                          parse)


def calibration_rows(corpus: Path, tools: Any = None) -> list[CalibrationRow]:
    """One row per corpus case, or per reply of a JSONL log (any shape ``leakcall.logs`` reads;
    expected reason "?")."""
    if corpus.is_file() and corpus.suffix == ".jsonl":
        rows = []
        with corpus.open("rb") as fh:
            for rec in iter_records(fh, tools):
                if isinstance(rec, Reply):
                    rows.append(_row(f"{corpus.name}:{rec.line}", "?", rec.text, rec.tools, {}))
        return rows
    return [_row(c.id, str(c.expect.get("reason", "?")), c.text, c.tools, c.options)
            for c in load_cases(corpus)]


def _cell(s: str, width: int = 90) -> str:
    s = s.replace("\\", "\\\\").replace("\n", "\\n").replace("|", "\\|")
    return s if len(s) <= width else s[: width - 1] + "…"


def calibration_table(rows: list[CalibrationRow]) -> str:
    """Markdown: every preamble and tail seen around markup, with the rule that decided, the
    accepted ones first, one row per case (what ``--update`` writes: no totals, so that two
    families added at once touch different rows only)."""
    seen = [r for r in rows if r.preamble or r.tail]
    seen.sort(key=lambda r: (r.reason != Reason.OK, r.rule, r.case))
    out = ["| case | expect | outcome | rule | preamble | tail | parse: verbs (kind); words |",
           "|---|---|---|---|---|---|---|"]
    out += [f"| {r.case} | {r.expect} | {r.reason} | {r.rule} | {_cell(r.preamble)} | "
            f"{_cell(r.tail, 40)} | {_cell(r.parse, 60)} |" for r in seen]
    return "\n".join(out) + "\n"


def calibration_totals(rows: list[CalibrationRow]) -> str:
    """The counts of recovered replies (bare, after a glitch token, after a preamble), of
    replies with text around the markup, and the cases whose outcome differs from ``expect``."""
    seen = sum(1 for r in rows if r.preamble or r.tail)
    bare = sum(1 for r in rows if r.reason == Reason.OK and r.rule == "bare")
    glitch = sum(1 for r in rows if r.reason == Reason.OK and r.rule == "glitch-token")
    ok = [r for r in rows if r.reason == Reason.OK]
    wrong = [r for r in rows if r.expect not in ("?", r.reason)]
    return (f"{len(rows)} replies: {len(ok)} recovered ({bare} bare, {glitch} after a glitch "
            f"token, {len(ok) - bare - glitch} with an action preamble); {seen} with text "
            "around the markup listed above.\n"
            f"{len(wrong)} outcome(s) differ from the expectation"
            + (": " + ", ".join(r.case for r in wrong) if wrong else ".") + "\n")


def calibration_report(rows: list[CalibrationRow]) -> str:
    """The table, then the totals (what ``calibrate`` prints)."""
    return calibration_table(rows) + "\n" + calibration_totals(rows)


def grammar_report() -> str:
    """Markdown: each language's accepted preamble grammar, its start rule
    (``grammar/intent/preamble.lark``) and the entries of every word class the grammar reads;
    the refusing classes name their rule."""
    out = ["# The accepted preamble grammar, per language", "",
           "The productions: `grammar/intent/preamble.lark`; the classes: "
           "`grammar/lexicon/<language>.txt`. A word in no class is a content word (OPEN).", ""]
    for t in tongues():
        out += [f"## {t.name} (start `{t.order}`)", "", "| class | terminal or rule | entries |",
                "|---|---|---|"]
        by: dict[str, list[str]] = {}
        for w, secs in t.words.items():
            for sec in secs:
                by.setdefault(sec, []).append(w)
        for parts, secs in t.phrases.items():
            for sec in secs:
                by.setdefault(sec, []).append(" ".join(parts))
        for sec, pre, suf in t.patterns:
            by.setdefault(sec, []).append(f"{pre}*{suf}")
        for sec in sorted(by):
            role = TERMINALS.get(sec) or REFUSING.get(sec)
            if role is None:
                continue
            entries = sorted(set(by[sec]))
            shown = ", ".join(entries[:24]) + (f", ... ({len(entries)})" if len(entries) > 24
                                                else "")
            out.append(f"| `[{sec}]` | {role} | {_cell(shown, 400)} |")
        out.append("")
    return "\n".join(out)


def update_calibration(path: Path, report: str) -> None:
    """Replace the table of the calibration file at ``path`` (from ``TABLE_HEAD`` on) by
    ``report``, keeping the header before it. Raises ValueError when the file has no table."""
    text = path.read_text(encoding="utf-8")
    at = text.find(TABLE_HEAD)
    if at < 0:
        raise ValueError(f"{path}: no table starting with {TABLE_HEAD!r} to replace")
    path.write_text(text[:at] + report, encoding="utf-8")


def _with_block(path: Path, text: str, start: str, end: str, body: str) -> str:
    """``text`` with what lies between the markers ``start`` and ``end`` replaced by ``body``.
    Raises ValueError when the markers are missing."""
    if start not in text or end not in text.split(start, 1)[1]:
        raise ValueError(f"{path}: no {start} ... {end} block")
    head, rest = text.split(start, 1)
    tail = rest.split(end, 1)[1]
    return f"{head}{start}\n{body.rstrip(chr(10))}\n{end}{tail}"


def update_family_table(path: Path) -> None:
    """Rewrite the generated family table of the page at ``path``. Raises ValueError when its
    markers are missing."""
    text = path.read_text(encoding="utf-8")
    path.write_text(_with_block(path, text, FAMILIES_START, FAMILIES_END, markdown_table()),
                    encoding="utf-8")


def reason_table() -> str:
    """The reason-code table of ``docs/safety.md`` (Markdown), from the docstring of each member
    of ``Reason`` in ``leakcall/reasons.py``, the one place a code's meaning is written."""
    tree = ast.parse(Path(reasons.__file__).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Reason")
    doc: dict[str, str] = {}
    for node, after in zip(cls.body, cls.body[1:], strict=False):
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            doc[node.targets[0].id] = " ".join(after.value.value.split()).replace("``", "`")
    rows = ["| code | meaning |", "|---|---|"]
    rows += [f"| `{r.value}` | {doc[r.name]} |" for r in Reason]
    return "\n".join(rows)


_DEFAULT_SAID = re.compile(r"\s*\(default:? ([^()]*(?:\([^()]*\)[^()]*)*)\)|; required$")


def _size(n: int) -> str:
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,}"


def _default(action: argparse.Action, said: str | None) -> str:
    value = action.default
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return said or "none"
    if isinstance(value, int) and (action.metavar == "BYTES" or action.dest.endswith("bytes")):
        return _size(value)
    if isinstance(value, int) and value >= 10_000:
        return f"{value:,}"
    return f"`{value:g}`" if isinstance(value, float) else f"`{value}`"


def serve_options_table() -> str:
    """The options table of ``docs/proxy.md`` (Markdown), from ``leakcall serve``'s argument
    parser: each flag with its metavar, its ``LEAKCALL_*`` variable, its default (the parser's,
    or the one its help states when the parser's is None) and its help."""
    from .ops import env_name  # noqa: PLC0415 - the proxy's stack, loaded for this table only
    from .serve import argument_parser  # noqa: PLC0415

    rows = ["| flag | variable | default | meaning |", "|---|---|---|---|"]
    for action in argument_parser()._actions:
        longs = [o for o in action.option_strings if o.startswith("--") and o != "--help"]
        if not longs:
            continue
        flag = ", ".join(f"`{o}{' ' + action.metavar if isinstance(action.metavar, str) else ''}`"
                         for o in longs)
        text = action.help or ""
        m = _DEFAULT_SAID.search(text)
        said = None if m is None else (m.group(1) or "required")
        if m is not None:
            text = (text[: m.start()] + text[m.end():]).strip()
        rows.append(f"| {flag} | `{env_name(longs[0])}` | {_default(action, said)} | {text} |")
    return "\n".join(rows)


GENERATED: tuple[tuple[str, str, str, Callable[[], str]], ...] = (
    ("docs/families.md", FAMILIES_START, FAMILIES_END, markdown_table),
    ("docs/intent.md", "<!-- intent-rules:begin -->", "<!-- intent-rules:end -->",
     intent_rule_table),
    ("docs/safety.md", "<!-- reasons:begin -->", "<!-- reasons:end -->", reason_table),
    ("docs/safety.md", "<!-- rules:begin -->", "<!-- rules:end -->", decision_table),
    ("docs/proxy.md", "<!-- serve-options:begin -->", "<!-- serve-options:end -->",
     serve_options_table),
)
"""Every generated block of the docs pages: the page (from the repository root), its markers
and the function that writes it from its source of truth."""


def update_docs(root: Path, *, check: bool = False) -> list[str]:
    """Rewrite every block of ``GENERATED`` under ``root`` from its source; return the pages that
    were stale. With ``check``, write nothing. Raises ValueError when a page lost its markers."""
    stale = []
    for page, start, end, make in GENERATED:
        path = root / page
        text = path.read_text(encoding="utf-8")
        new = _with_block(path, text, start, end, make())
        if new != text:
            stale.append(page)
            if not check:
                path.write_text(new, encoding="utf-8")
    return stale


class _Misuse(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _tools(path: str | None) -> Any:
    if path is None:
        return None
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise _Misuse(f"--tools {path}: {e}") from None
    return data["tools"] if isinstance(data, dict) and "tools" in data else data


def _calibrate(args: argparse.Namespace) -> int:
    corpus = Path(args.corpus)
    if not corpus.exists():
        raise _Misuse(f"{args.corpus}: no such file or directory")
    rows = calibration_rows(corpus, _tools(args.tools))
    report = calibration_report(rows)
    if args.grammar:
        print(grammar_report())
    if args.update:
        try:
            update_calibration(Path(args.update), calibration_table(rows))
        except (OSError, ValueError) as e:
            raise _Misuse(str(e)) from None
        print(calibration_totals(rows), end="")
    else:
        print(report, end="")
    return 1 if any(r.expect not in ("?", r.reason) for r in rows) else 0


def _families_readme(args: argparse.Namespace) -> int:
    try:
        update_family_table(Path(args.readme))
    except (OSError, ValueError) as e:
        raise _Misuse(str(e)) from None
    return 0


def _docs(args: argparse.Namespace) -> int:
    try:
        stale = update_docs(Path(args.root), check=args.check)
    except (OSError, ValueError) as e:
        raise _Misuse(str(e)) from None
    for page in stale:
        print(f"{page}: {'stale' if args.check else 'rewritten'}")
    return 1 if args.check and stale else 0


def _intent_tables(args: argparse.Namespace) -> int:
    from .intent import tables  # noqa: PLC0415 - a maintainer's command, loaded when asked

    lexicon_dir = grammar_dir() / "lexicon"
    if args.check:
        try:
            data = tables.ARTEFACT.read_bytes()
        except OSError as e:
            print(f"{tables.ARTEFACT}: {e}; run {tables.REGENERATE}", file=sys.stderr)
            return 1
        why = tables.stale(data, lexicon_dir)
        if why is not None:
            print(f"{tables.ARTEFACT} is stale: {why}; run {tables.REGENERATE}", file=sys.stderr)
            return 1
        print(f"{tables.ARTEFACT} is current")
        return 0
    size = tables.write(tables.ARTEFACT, lexicon_dir)
    print(f"wrote {tables.ARTEFACT} ({size} bytes)")
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m leakcall.maint``."""
    ap = _Parser(prog="python -m leakcall.maint", description=__doc__.split("\n\n", 1)[0])
    sub: Any = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    c = sub.add_parser("calibrate", help="print every preamble and tail with the rule that decided")
    c.add_argument("corpus", help="corpus directory, a case file, or a JSONL log")
    c.add_argument("--tools", help="tools for log lines that carry none")
    c.add_argument("--update", metavar="FILE",
                   help="rewrite the table of this calibration file (its header is kept) instead "
                        "of printing it, e.g. grammar/lexicon/CALIBRATION.md")
    c.add_argument("--grammar", action="store_true",
                   help="first print each language's accepted grammar (word classes, entries)")
    c.set_defaults(fn=_calibrate)
    d = sub.add_parser("docs", help="rewrite every generated table of docs/ from its source")
    d.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when a generated table is stale")
    d.add_argument("--root", default=".", help="the repository root (default: .)")
    d.set_defaults(fn=_docs)
    f = sub.add_parser("families-readme", help="rewrite the generated family table of a page")
    f.add_argument("readme", help="the page holding the family table markers, docs/families.md")
    f.set_defaults(fn=_families_readme)
    t = sub.add_parser("intent-tables", help="write the compiled intent tables from the lexicons")
    t.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when the shipped tables are stale")
    t.set_defaults(fn=_intent_tables)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m leakcall.maint``; returns its exit code."""
    args = parser().parse_args(argv)
    try:
        rc: int = args.fn(args)
    except _Misuse as e:
        print(f"leakcall.maint {args.cmd}: {e}", file=sys.stderr)
        return 2
    return rc


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
