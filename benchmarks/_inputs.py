"""Benchmark inputs, built at run time from the installed families and the corpus.

- clean replies: prose and code full of ``<``, ``[`` and ``|`` and no envelope of any family;
- a typical 2 KB leak per family, grown from one of the family's own recovered corpus cases;
- scaling replies: one call whose argument value is 1 KB .. 1 MB.

Every input is checked against ``leakcall.recover`` before it is timed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import leakcall
from leakcall.corpus import Case, load_cases

__all__ = [
    "CORPUS",
    "Leak",
    "ScaleInput",
    "clean_text",
    "leak_for",
    "opener_regex",
    "scale_input",
]

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
Calls = list[tuple[str, dict[str, Any]]]

# --- clean replies -------------------------------------------------------------------------------

_CLEAN_BLOCK = """\
Here is what I found in module {n}. The helper `parse(tokens: list[str]) -> dict[str, int] | None`
returns None when a < b, and the caller compares `x[i] <= y[j]` before it indexes `cache[key]`.

```python
def merge(a: list[int] | None, b: list[int] | None) -> list[int]:
    out: list[int] = []
    while a and b:
        out.append(a.pop(0) if a[0] < b[0] else b.pop(0))
    return out + (a or []) + (b or [])  # [{n}] keeps order | stable
```

| option | default | meaning |
|--------|---------|---------|
| `--depth` | `[1, 3]` | search depth < 8 |
| `--mode` | `fast\\|safe` | pick one |

The C++ side uses `std::map<std::string, std::vector<int>>` and `a << b | c`; the template is
`<div class="row" data-id="{n}"><span>{{value}}</span></div>` and the shell step is
`cat log.txt | grep -E '^\\[warn\\]' | sort | uniq -c > out.txt`. When x[{n}] < 0 or y > [0],
the filter `items | where(len < 3)` drops it; see <https://example.org/docs/{n}> for [details].
"""


def opener_regex() -> re.Pattern[str]:
    """One literal alternation of every family's opening sentinel (``Family.opens``)."""
    lits = sorted({o for f in leakcall.all_families() for o in f.opens}, key=len, reverse=True)
    return re.compile("|".join(re.escape(lit) for lit in lits) or r"(?!x)x")


def clean_text(size: int) -> str:
    """``size`` characters of prose and code with no opener of any family."""
    parts: list[str] = []
    total, n = 0, 0
    while total < size:
        block = _CLEAN_BLOCK.format(n=n)
        parts.append(block)
        total += len(block)
        n += 1
    text = "".join(parts)[:size]
    rx = opener_regex()
    # A family added later might own a literal this text happens to hold: break it, keep the size.
    while (m := rx.search(text)) is not None:
        text = text[: m.start()] + "X" + text[m.start() + 1 :]
    r = leakcall.recover(text, [])
    if r.reason != "no_tags":
        raise RuntimeError(f"clean text of {size} chars is not clean: {r.reason} {r.detail}")
    return text


# --- a typical 2 KB leak per family ------------------------------------------------------------

_PROSE = ("I went through the build output and the failure comes from the parser module. "
          "The tests in that folder were green yesterday, so the change must be recent. "
          "I will run the command now and look at what it prints before editing anything. ")
_RICH_FILL = " a<b | c[0] >= d;"
_PLAIN_FILL = " lorem ipsum 0123"


@dataclass(frozen=True)
class Leak:
    """A recovered reply of about 2 KB and what it should give."""

    family: str
    case_id: str
    text: str
    tools: list[Any]
    calls: Calls
    args_json: str
    padding: str


def _calls(r: leakcall.Recovery) -> Calls:
    return [(c.name, dict(c.arguments)) for c in r.calls]


def _ok_cases(family: str) -> list[Case]:
    d = CORPUS / family
    if not d.is_dir():
        return []
    return [c for c in load_cases(d)
            if c.expect.get("reason") == "ok" and not c.options
            and len(c.expect.get("calls", [])) == 1 and c.tools]


def _with_preamble(case: Case, r: leakcall.Recovery, target: int) -> Leak | None:
    need = target - len(case.text)
    if need <= 0:
        return None
    pad = (_PROSE * (need // len(_PROSE) + 1))[:need].rstrip() + "\n\n"
    text = pad + case.text
    r2 = leakcall.recover(text, case.tools)
    if not r2.ok or _calls(r2) != _calls(r):
        return None
    return Leak(case.family, case.id, text, case.tools, _calls(r2),
                json.dumps(r2.calls[0].arguments), "preamble")


def _with_long_value(case: Case, r: leakcall.Recovery, target: int) -> Leak | None:
    need = target - len(case.text)
    assert r.span is not None
    name, args = _calls(r)[0]
    for key, value in args.items():
        if not isinstance(value, str) or not value or json.dumps(value, ensure_ascii=False)[1:-1] != value:
            continue
        for fill in (_RICH_FILL, _PLAIN_FILL):
            pad = (fill * (need // len(fill) + 1))[:need] if need > 0 else ""
            at = case.text.find(value, r.span[0], r.span[1])
            while at != -1:
                cut = at + len(value)
                text = case.text[:cut] + pad + case.text[cut:]
                r2 = leakcall.recover(text, case.tools)
                want = {**args, key: value + pad}
                if r2.ok and _calls(r2) == [(name, want)]:
                    return Leak(case.family, case.id, text, case.tools, _calls(r2),
                                json.dumps(r2.calls[0].arguments), f"value of {key!r}")
                at = case.text.find(value, at + 1, r.span[1])
    return None


def _has_preamble(text: str, r: leakcall.Recovery) -> bool:
    """Plain visible prose before the envelope (no markup, no reasoning block)."""
    before = text[: r.span[0]] if r.span else ""
    return bool(before.strip()) and not any(ch in before for ch in "<[`|")


def leak_for(family: str, target: int = 2048) -> tuple[Leak | None, str]:
    """A recovered reply of ``target`` characters for ``family``, or None and why not."""
    cases = _ok_cases(family)
    if not cases:
        return None, f"no recovered one-call case in corpus/{family}/"
    recovered = [(case, leakcall.recover(case.text, case.tools)) for case in cases]
    # Prefer a case with a prose preamble (the typical leak), then the rest in path order.
    recovered.sort(key=lambda cr: not _has_preamble(cr[0].text, cr[1]))
    for case, r in recovered:
        if not r.ok:
            continue
        leak = _with_preamble(case, r, target) or _with_long_value(case, r, target)
        if leak is not None:
            return leak, ""
    return None, f"no case of corpus/{family}/ stays recovered at {target} characters"


# --- scaling -----------------------------------------------------------------------------------

_CODE_LINE = "    if a[i] < b[j] or flags | MASK: out.append(f\"<{i}>\")  # keep [i]\n"
WRITE_TOOL: list[Any] = [{"type": "function", "function": {
    "name": "write_file",
    "parameters": {"type": "object",
                   "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                   "required": ["path", "content"]}}}]


@dataclass(frozen=True)
class ScaleInput:
    family: str
    size: int
    text: str
    value: str


def _code_value(size: int) -> str:
    return (_CODE_LINE * (size // len(_CODE_LINE) + 1))[:size]


def scale_input(family: str, size: int) -> ScaleInput:
    """One write_file call whose ``content`` is ``size`` characters of code."""
    value = _code_value(size)
    if family == "dsml":
        text = ('<｜DSML｜function_calls>\n<｜DSML｜invoke name="write_file">\n'
                '<｜DSML｜parameter name="path" string="true">src/big.py</｜DSML｜parameter>\n'
                f'<｜DSML｜parameter name="content" string="true">{value}</｜DSML｜parameter>\n'
                '</｜DSML｜invoke>\n</｜DSML｜function_calls>')
    elif family == "hermes":
        body = json.dumps({"name": "write_file",
                           "arguments": {"path": "src/big.py", "content": value}})
        text = f"<tool_call>\n{body}\n</tool_call>"
    else:
        raise ValueError(f"no scaling input for {family}")
    r = leakcall.recover(text, WRITE_TOOL)
    if not r.ok or r.calls[0].arguments.get("content") != value:
        raise RuntimeError(f"{family} scaling input of {size} is not recovered: {r.reason} "
                           f"{r.detail}")
    return ScaleInput(family, size, text, value)
