"""Agreement with canitoolcall's bundled fixtures, scored on calls only.

    pip install canitoolcall
    python scripts/canitoolcall_agreement.py          # the figure and every miss with its reason
    python scripts/canitoolcall_agreement.py -q       # the figure only

A fixture agrees when the calls leakcall recovers from its ``raw_output`` (with the fixture's
tools, and ``reasoning_preopened`` when its template opens the reasoning block before the reply)
equal the expected ones: same count, same names in order, arguments equal
as JSON values (key order ignored; types significant, so ``1 != true`` and ``3 != "3"``; ``1`` and
``1.0`` are the same number). A fixture that expects no call (``tool_calls`` empty, or an
``expected_error``) agrees only when nothing is recovered.
"""

from __future__ import annotations

import argparse
import glob
import importlib.util
import json
import os
import sys
from typing import Any

import leakcall


def _fixtures() -> list[dict[str, Any]]:
    spec = importlib.util.find_spec("canitoolcall")
    if spec is None or spec.origin is None:
        sys.exit("canitoolcall is not installed: pip install canitoolcall")
    root = os.path.join(os.path.dirname(spec.origin), "_data", "fixtures")
    out = []
    for path in sorted(glob.glob(os.path.join(root, "*", "*.jsonl"))):
        with open(path, encoding="utf-8") as fh:
            out.extend(json.loads(line) for line in fh if line.strip())
    return out


def _same(a: Any, b: Any) -> bool:
    """JSON equality with types significant (bool is not a number; 1 == 1.0)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _expected(fx: dict[str, Any]) -> list[tuple[str, Any]]:
    exp = fx.get("expected")
    if exp is None:  # expected_error: no call may come out
        return []
    calls = []
    for c in exp.get("tool_calls") or []:
        args = c.get("arguments")
        if isinstance(args, str):
            args = json.loads(args) if args.strip() else {}
        calls.append((c["name"], args if args is not None else {}))
    return calls


_OPENERS = ("<think>", "<seed:think>", "<|open|>think<|sep|>")


_PREOPENED_TAGS = frozenset({"reasoning-prefilled", "x-think-no-open-tag"})
_PREOPENING_MODELS = ("Kimi-K2.6", "Kimi-K3")
"""Models whose chat template always opens the reasoning block before the reply."""


def preopened(fx: dict[str, Any]) -> bool:
    """The fixture's template opens the reasoning block before the reply (what a harness knows
    of the model it serves: ``reasoning_preopened``): its generation prompt ends with the
    opener, its tags say so, it is a GLM reasoning render (GLM 4.5+ templates open
    ``<think>`` in the prompt), or its model's template always does (Kimi K2.6, K3)."""
    prompt = fx.get("generation_prompt")
    tags = set(fx.get("tags") or ())
    if prompt:
        return str(prompt).rstrip().endswith(_OPENERS)
    models = [str(m) for m in fx.get("models") or ()]
    return (bool(tags & _PREOPENED_TAGS) or (fx.get("family") == "glm" and "reasoning" in tags)
            or any(k in m for m in models for k in _PREOPENING_MODELS))


def score(fx: dict[str, Any]) -> str | None:
    """None when leakcall agrees with the fixture, else why not."""
    r = leakcall.recover(fx["raw_output"], fx.get("tools") or [],
                         reasoning_preopened=preopened(fx))
    want = _expected(fx)
    got = [(c.name, c.arguments) for c in r.calls] if r.ok else []
    if not want:
        return None if not got else f"recovered {got} where no call is expected ({r.rule})"
    if not r.ok:
        return f"refused: {r.reason} [{r.rule}] {r.detail}"
    if len(got) != len(want) or any(
            gn != wn or not _same(ga, wa) for (gn, ga), (wn, wa) in zip(got, want, strict=True)):
        return f"recovered {got}, expected {want}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-q", "--quiet", action="store_true", help="print the figure only")
    args = ap.parse_args()
    fixtures = _fixtures()
    misses = [(fx, why) for fx in fixtures if (why := score(fx)) is not None]
    false_calls = [fx for fx, why in misses if not _expected(fx)]
    agree = len(fixtures) - len(misses)
    print(f"canitoolcall agreement (calls only): {agree}/{len(fixtures)}; "
          f"fixtures expecting no call that got one: {len(false_calls)}")
    if not args.quiet:
        for fx, why in misses:
            print(f"- {fx['id']}: {why[:300]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
