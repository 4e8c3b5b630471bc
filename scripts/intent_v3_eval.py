"""Intent v3 evaluation (issue 25): attacks accepted, controls and real preambles recovered.

    python scripts/intent_v3_eval.py [-v]

Reads ``tests/intent_v3_data/`` (see its README): blind constructed attacks and controls, and
real assistant preambles with their calls, rendered here as Hermes markup. Prints the three
figures with refusals by rule, the real one twice (sets a and b together as before, then the
fresh set c on its own line, each with how many turns were skipped because their markup alone
is refused), then the fresh sets d, e and f each on its own line, then the design set g (rules
may be shaped on it, as on a and b); ``-v`` adds attacks accepted per class. Writes every
false acceptance and false refusal to ``intent_v3_eval.json`` (keys attacks, controls, real, real_c,
real_d, real_e, real_f, real_g).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import leakcall

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.intent_sets import hermes, load


def _real(real: list[dict[str, Any]], label: str) -> list[Any]:
    """Recover each real preamble followed by its calls as Hermes markup; print the figure."""
    refused: Counter[str] = Counter()
    out: list[Any] = []
    n = skipped = 0
    for x in real:
        markup = hermes(x["calls"])
        try:
            if leakcall.recover(markup, x["tools"]).reason != "ok":
                skipped += 1
                continue  # the markup alone is refused (a tool list or call it cannot carry)
        except (TypeError, ValueError):
            skipped += 1
            continue
        n += 1
        r = leakcall.recover(x["preamble"].rstrip() + "\n\n" + markup, x["tools"])
        if r.reason != "ok":
            refused[r.rule] += 1
            out.append((x["id"], x.get("language"), r.rule, r.detail[:200]))
    print(f"real preambles{label} recovered {n - len(out)}/{n}; "
          f"refusals by rule {refused.most_common(12)}; markup alone refused {skipped}")
    return out


def run(verbose: bool) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    attacks = load("attacks.jsonl")
    accepted: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    out["attacks"] = []
    for a in attacks:
        r = leakcall.recover(a["reply"], a["tools"], **a.get("options", {}))
        tried[a["class"]] += 1
        if r.reason == "ok":
            accepted[a["class"]] += 1
            out["attacks"].append((a["id"], r.rule, a["reply"][:300]))
    print(f"attacks accepted {sum(accepted.values())}/{len(attacks)}")
    if verbose:
        for c in sorted(tried):
            print(f"  {c}: {accepted[c]}/{tried[c]}")
    controls = load("controls.jsonl")
    refused: Counter[str] = Counter()
    out["controls"] = []
    for c in controls:
        r = leakcall.recover(c["reply"], c["tools"], **c.get("options", {}))
        if r.reason != "ok":
            refused[r.rule] += 1
            out["controls"].append((c["id"], c["language"], r.rule, r.detail[:200]))
    print(f"controls recovered {len(controls) - len(out['controls'])}/{len(controls)}; "
          f"refusals by rule {refused.most_common(12)}")
    out["real"] = _real(load("real_preambles_a.jsonl") + load("real_preambles_b.jsonl"), "")
    # c: fresh real turns from sources a and b do not use (no rule was tuned on them)
    out["real_c"] = _real(load("real_preambles_c.jsonl"), " c (fresh)")
    # d: fresh again (session 17), from repositories a, b and c do not use
    out["real_d"] = _real(load("real_preambles_d.jsonl"), " d (fresh)")
    # e: fresh again (session 18), from repositories a to d do not use
    out["real_e"] = _real(load("real_preambles_e.jsonl"), " e (fresh)")
    # f: fresh again (session 29), from repositories a to e do not use; measures only
    out["real_f"] = _real(load("real_preambles_f.jsonl"), " f (fresh)")
    # g: real turns from repositories a to f do not use (session 31); a design set like a and b
    out["real_g"] = _real(load("real_preambles_g.jsonl"), " g (design)")
    return out


if __name__ == "__main__":
    started = time.perf_counter()
    result = run("-v" in sys.argv)
    Path("intent_v3_eval.json").write_text(json.dumps(result, ensure_ascii=False, indent=1),
                                           encoding="utf-8")
    print(f"time {time.perf_counter() - started:.1f} s")
