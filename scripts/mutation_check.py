"""Mutation check of the refusal rules: apply one targeted mutant at a time, run the fast tests,
report which mutants survive. A surviving mutant is a rule no test guards.

    python scripts/mutation_check.py            # all mutants
    python scripts/mutation_check.py -k intent  # those whose id contains "intent"

Each mutant is a (file, exact snippet, replacement) edit of one refusal rule: names, closure,
typing, intent, ids. The source is restored after every run, also on Ctrl-C.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "leakcall"
FAST = ["tests/test_corpus.py", "tests/test_rules.py", "tests/test_toy_family.py",
        "tests/test_add_family_from_readme.py", "tests/test_descriptor.py", "tests/test_cli.py",
        "tests/test_decoding.py", "tests/test_budget.py", "tests/test_tool_schemas.py",
        "tests/test_intent_attacks.py", "tests/test_wire_rules.py", "tests/test_batch.py"]

# (id, file, snippet, replacement)
MUTANTS: list[tuple[str, str, str, str]] = [
    ("names/exact-match-removed", "pipeline.py",
     "if rc.name not in advertised:", "if False:"),
    ("names/case-folded", "pipeline.py",
     "if rc.name not in advertised:",
     "if rc.name.lower() not in {n.lower() for n in advertised}:"),
    ("names/only-chosen-envelope", "pipeline.py",
     "for rc in raw if p is chosen else _names_of(p, text):",
     "for rc in raw if p is chosen else []:"),
    ("closure/no-closer-needed", "locate.py",
     "    if fam.closed_by_end:\n", "    if True:\n"),
    ("closure/end-of-input-is-shape", "parse.py",
     "if e.token.type == \"$END\":  # LALR", "if False:  # LALR"),
    ("closure/unclosed-element-is-shape", "parse.py",
     "reason, what = Reason.TRUNCATED, f\"element not closed",
     "reason, what = Reason.SHAPE, f\"element not closed"),
    ("closure/truncated-is-shape", "parse.py",
     "reason, what, rule = Reason.TRUNCATED, \"ends before the envelope is closed\"",
     "reason, what, rule = Reason.SHAPE, \"ends before the envelope is closed\""),
    ("typing/string-value-parsed-as-json", "decode.py",
     "    if v.kind == \"string_value\":\n        return v.text",
     "    if v.kind == \"string_value\":\n        try:\n            return strict_json(v.text, where)\n"
     "        except Refusal:\n            return v.text"),
    ("typing/json-value-falls-back-to-text-always", "decode.py",
     "if e.reason is Reason.BAD_ARGUMENTS and string_only:",
     "if e.reason is Reason.BAD_ARGUMENTS:"),
    ("typing/raw-string-unquotes-json-strings", "decode.py",
     "    if types == frozenset({\"string\"}):\n        return text",
     "    if types == frozenset({\"string\"}):\n"
     "        return strict_json(text, where) if text.startswith('\"') else text"),
    ("typing/raw-undecodable-kept-as-text", "decode.py",
     "    if \"string\" in types:\n        return text\n    raise Refusal(",
     "    if True:\n        return text\n    raise Refusal("),
    ("typing/raw-union-falls-back-to-text", "decode.py",
     "    if \"string\" in types:\n        return text",
     "    if True:\n        return text"),
    ("strict/duplicate-keys-allowed", "literals.py",
     "        if k in out:\n            raise Refusal(Reason.AMBIGUOUS, f\"duplicate JSON key",
     "        if False:\n            raise Refusal(Reason.AMBIGUOUS, f\"duplicate JSON key"),
    ("strict/nan-allowed", "literals.py",
     "parse_constant=_no_constants,", ""),
    ("strict/duplicate-parameter-allowed", "decode.py",
     "        if key in out:\n            raise Refusal(Reason.AMBIGUOUS",
     "        if False:\n            raise Refusal(Reason.AMBIGUOUS"),
    ("schema/validation-skipped", "pipeline.py",
     "        if err is not None:\n            raise Refusal(Reason.SCHEMA",
     "        if False:\n            raise Refusal(Reason.SCHEMA"),
    ("intent/code-fence", "intent.py", "    if _open_fence(before):", "    if False:"),
    ("intent/inline-code", "intent.py", "    if _open_inline_code(before):", "    if False:"),
    ("intent/block-quote", "intent.py", "    if _QUOTE_LINE.match(line_prefix):", "    if False:"),
    ("intent/list-item", "intent.py", "    if _LIST_ITEM.match(line_prefix):", "    if False:"),
    ("intent/table", "intent.py", "    if _TABLE.match(line_prefix):", "    if False:"),
    ("intent/indented-code", "intent.py", "    if _INDENTED.match(line_prefix):", "    if False:"),
    ("intent/html-code", "intent.py", "    for tag in _HTML_CODE:", "    for tag in ():"),
    ("intent/html-quote", "intent.py", "    for tag in _HTML_QUOTE:", "    for tag in ():"),
    ("intent/html-comment", "intent.py", "    if low.rfind(\"<!--\") > low.rfind(\"-->\"):",
     "    if False:"),
    ("intent/quotation-marks", "intent.py",
     '        return (Reason.QUOTED, "quotation-marks",',
     '        if False:\n            return (Reason.QUOTED, "quotation-marks",'),
    ("intent/lazy-continuation", "intent.py",
     "        if _QUOTE_LINE.match(line) or _LIST_ITEM.match(line):", "        if False:"),
    ("intent/block-constructs", "intent.py",
     "    for rule, reason, pat in _CONSTRUCTS:", "    for rule, reason, pat in ():"),
    *[(f"intent/construct-{name}", "intent.py", f'("{name}", Reason.{r}, re.compile(',
       f'("{name}", Reason.{r}, re.compile(r"(?!x)x") or re.compile(')
      for name, r in (("heredoc", "FENCED"), ("cdata", "FENCED"), ("rst-literal", "FENCED"),
                      ("yaml-block", "FENCED"), ("org-block", "FENCED"),
                      ("asciidoc-block", "FENCED"), ("latex-env", "FENCED"), ("bbcode", "FENCED"),
                      ("diff-line", "QUOTED"), ("repl-prompt", "QUOTED"),
                      ("comment-line", "QUOTED"), ("table-row", "QUOTED"),
                      ("line-continuation", "FENCED"))],
    ("intent/mid-line", "intent.py",
     '    return (Reason.QUOTED, "mid-line",', '    return None\n    return (Reason.QUOTED, "mid-line",'),
    ("intent/indented-after-preamble", "intent.py",
     "    if not prefix.strip():\n        return (Reason.FENCED, \"indented-code\",",
     "    if False:\n        return (Reason.FENCED, \"indented-code\","),
    ("intent/prose-tail", "intent.py", "    if tail.strip():\n        return _tail_verdict",
     "    if False:\n        return _tail_verdict"),
    ("intent/tail-cues", "intent.py",
     "        cue = lex.cues[cat].search(view) if cat in _TAIL_CUES else None", "        cue = None"),
    ("intent/tail-question", "intent.py",
     '    if "?" in view or "¿" in view:\n        return Reason.QUOTED, "question", '
     '"rule question: the text after',
     '    if False:\n        return Reason.QUOTED, "question", "rule question: the text after'),
    ("intent/preamble-question", "intent.py",
     '    if "?" in view or "¿" in view:\n        return Reason.QUOTED, "question", '
     '"rule question: the text before',
     '    if False:\n        return Reason.QUOTED, "question", "rule question: the text before'),
    *[(f"intent/cue-{cat}", "intent.py", f'    ("{cat}", "{rule}", Reason.QUOTED),\n', "")
      for cat, rule in (("question", "question"), ("offer", "offer"), ("negation", "negation"),
                        ("display", "display-verb"), ("hypothetical", "hypothetical"),
                        ("recap", "recap"),
                        ("source", "quoted-source"))],
    ("intent/cue-example", "intent.py",
     '        cue = lex.cues["example"].search(rest)\n        if cue is not None:',
     '        cue = None\n        if cue is not None:'),
    ("intent/unknown-preamble", "intent.py", "        if not _announces(rest, lex):", "        if False:"),
    ("intent/long-preamble-chars", "intent.py", "MAX_PREAMBLE_CHARS = 300\n",
     "MAX_PREAMBLE_CHARS = 10**9\n"),
    ("intent/acknowledgement-alone", "intent.py", "    if counted == 0:", "    if False:"),
    ("intent/long-preamble-sentences", "intent.py", "    if counted > MAX_PREAMBLE_SENTENCES:",
     "    if False:"),
    ("intent/preamble-last-character", "intent.py",
     "    if not (last in _ALLOWED_LAST or last.isalnum()):", "    if False:"),
    ("intent/reasoning-negated-exec", "intent.py",
     "        said = _negated_execution(view, lex)", "        said = None"),
    ("intent/reasoning-not-to-run", "intent.py",
     "    said = next((view[a:b] for a, b in lex.not_to_run.spans(view)), None)", "    said = None"),
    ("intent/reasoning-preopened-cues", "intent.py", "    if preopened(text, seg):", "    if False:"),
    ("intent/visible-context-one-segment", "intent.py",
     "    before = \"\".join(text[s.start : min(s.end, lo)] for s in segs\n",
     "    before = \"\".join(text[seg.start : lo] for s in segs[:1] if not seg.reasoning\n"),
    ("intent/normalize-format-chars", "intent.py",
     "        s = _FORMAT_CHARS.sub(\"\", unicodedata.normalize(\"NFKC\", s)).translate(_QUOTE_MAP)",
     "        s = unicodedata.normalize(\"NFKC\", s).translate(_QUOTE_MAP)"),
    ("intent/normalize-emphasis", "intent.py", "            prev, s = s, _EMPHASIS.sub(r\"\\2\", s)",
     "            prev, s = s, s"),
    ("reasoning/closer-anywhere", "locate.py",
     "    if e < len(text) and text[e] in \"<[{\":\n        return True",
     "    return True"),
    ("reasoning/opener-anywhere", "locate.py",
     "            o = _find(text, opener, pos, opens=True)", "            o = _find(text, opener, pos)"),
    ("reasoning/preopened-closer-anywhere", "locate.py",
     "            c = _find(text, closer, 0, opens=True, closes=True)",
     "            c = _find(text, closer, 0, closes=True)"),
    ("intent/quoted-failure-position", "pipeline.py",
     "    verdict = position(text[c.segment.start : c.start])\n    if verdict is None:",
     "    verdict = None\n    if verdict is None:"),
    ("reasoning/ignore-acts-as-recover", "pipeline.py",
     "        if reasoning == \"ignore\":", "        if False:"),
    ("reasoning/no-segments", "locate.py",
     "    spans.sort()\n", "    spans.clear()\n"),
    ("ambiguous/competing-envelopes", "pipeline.py", "    if len(ok) > 1:", "    if False:"),
    ("ids/index-not-in-digest", "ids.py",
     "json.dumps([salt, index, name, arguments]", "json.dumps([salt, 0, name, arguments]"),
    ("closure/cut-opener-ignored", "pipeline.py",
     "    if cut is not None:\n        raise Refusal(", "    if False:\n        raise Refusal("),
    ("closure/stray-markup-ignored", "pipeline.py",
     "    if stray is not None:\n        raise Refusal(", "    if False:\n        raise Refusal("),
    ("closure/broken-envelope-beside-ignored", "pipeline.py",
     "    if broken:\n", "    if False:\n"),
    ("closure/opener-after-last-closer-ignored", "locate.py",
     "    if any(text.find(lit, best, seg.end) != -1 for lit in fam.opens):",
     "    if False:"),
    ("strict/lone-surrogate-allowed", "pipeline.py",
     "        if unencodable(args):", "        if False:"),
    ("numbers/underflow-allowed", "literals.py",
     "    elif f == 0 and written != 0:\n        why = \"underflows to zero\"\n"
     "    elif Decimal(repr(f)) != written:",
     "    elif False:\n        why = \"underflows to zero\"\n"
     "    elif f != 0 and Decimal(repr(f)) != written:"),
    ("numbers/precision-loss-allowed", "literals.py",
     "    elif Decimal(repr(f)) != written:", "    elif False:"),
    ("numbers/integer-digit-limit-removed", "literals.py",
     "    if len(literal) > MAX_INT_DIGITS and len(literal.lstrip(\"-\")) > MAX_INT_DIGITS:",
     "    if False:"),
    ("numbers/python-float-not-checked", "literals.py",
     "        value = exact_float(written if written is not None else repr(value))", "        pass"),
    ("frames/one-sided-frame-stripped", "decode.py",
     "    if lead and trail and lead == trail and len(lead) + len(trail) <= len(text):",
     "    if len(lead) + len(trail) <= len(text):"),
    ("frames/never-unframed", "pipeline.py",
     "    framed = chosen.candidate.family.framed", "    framed = False"),
    ("closure/stray-before-envelope-ignored", "pipeline.py",
     "        for a, b in ((s.start, min(s.end, chosen.start)), (max(s.start, chosen.end), s.end)):",
     "        for a, b in ((max(s.start, chosen.end), s.end),):"),
    ("closure/stray-after-envelope-ignored", "pipeline.py",
     "        for a, b in ((s.start, min(s.end, chosen.start)), (max(s.start, chosen.end), s.end)):",
     "        for a, b in ((s.start, min(s.end, chosen.start)),):"),
    ("typing/union-branch-literal-check-removed", "decode.py",
     "        if t not in types or not _LITERAL[t].fullmatch(text):", "        if t not in types:"),
    ("typing/ref-not-followed", "decode.py",
     "        out = _meet(out, _types(_pointer(w.root, ref), w, (*refs, ref), depth + 1))",
     "        pass"),
    ("typing/allof-not-intersected", "decode.py",
     "            out = _meet(out, _types(b, w, refs, depth + 1))", "            pass"),
    ("typing/sub-schema-ref-not-followed", "decode.py",
     "    if isinstance(ref, str) and ref not in refs:", "    if False:"),
    ("ids/salt-not-in-digest", "ids.py",
     "json.dumps([salt, index, name, arguments]", "json.dumps([\"\", index, name, arguments]"),
    ("budget/envelopes-unchecked", "pipeline.py",
     "            check_envelopes(len(cands))\n", "            pass\n"),
    ("budget/tokens-unlimited", "budget.py",
     "        if self.left < 0:\n", "        if False:\n"),
    ("budget/calls-unchecked", "pipeline.py", "    check_calls(len(raw))\n", ""),
    ("budget/keys-unchecked", "budget.py",
     "            if len(value) > MAX_KEYS:", "            if False:"),
    ("budget/depth-unchecked", "budget.py",
     "        if depth > MAX_DEPTH:", "        if False:"),
    ("budget/depth-off-by-one", "budget.py",
     "        if depth > MAX_DEPTH:", "        if depth > MAX_DEPTH + 1:"),
    ("stream/hold-limit-ignored", "stream.py",
     "if self._n > MAX_TEXT_CHARS or self._n - self._shown > self._max_hold:",
     "if self._n > MAX_TEXT_CHARS:"),
    ("stream/too-large-keeps-text", "stream.py",
     "if self._n > MAX_TEXT_CHARS or self._n - self._shown > self._max_hold:",
     "if self._n - self._shown > self._max_hold:"),
    ("tool-schema/invalid-schema-call-decoded", "pipeline.py",
     "        if tool.invalid is not None:\n            raise Refusal(",
     "        if False:\n            raise Refusal("),
    ("tool-schema/metaschema-check-skipped", "validate.py",
     "        cls.check_schema(schema)\n", "        pass\n"),
    ("tool-schema/refs-not-resolved-when-checked", "validate.py",
     "        _check_refs(resource, own.resolver_with_root(resource), spec)", "        pass"),
    ("tool-schema/depth-unlimited", "validate.py",
     "    if _depth_exceeds(schema, MAX_SCHEMA_DEPTH):", "    if False:"),
    ("tool-schema/validation-exception-escapes", "validate.py",
     "        except Exception as e:  # a schema the checks let through",
     "        except ZeroDivisionError as e:  # a schema the checks let through"),
    ("no-retrieval/references-fetched", "validate.py",
     "    raise referencing.exceptions.NoSuchResource(ref=uri)  # type: ignore[call-arg]",
     "    import urllib.request\n    with urllib.request.urlopen(uri, timeout=5) as f:\n"
     "        return referencing.jsonschema.DRAFT202012.create_resource(json.load(f))"),
    ("strict/arguments-string-read-loosely", "calls.py",
     'arguments = strict_json(arguments, f"arguments string of {name!r}")',
     "arguments = __import__(\"json\").loads(arguments)"),
    ("typing/python-constant-read-despite-string", "decode.py",
     'if text in _PY_CONSTANTS and "string" not in types and',
     "if text in _PY_CONSTANTS and"),
    ("spelling/regex-not-escaped", "families.py",
     'lit.replace(frm, re.escape(to) if lit.startswith("/") else to)', "lit.replace(frm, to)"),
    ("intent/content-not-judged", "pipeline.py",
     "    kept = [text[s:e] for s, e in content_spans(chosen.tree, chosen.start)]\n    if kept:\n",
     "    kept = [text[s:e] for s, e in content_spans(chosen.tree, chosen.start)]\n    if False:\n"),
    ("locate/anchored-opener-after-later-opener", "locate.py",
     "        if first.get(f.name, seg.end) > lead:\n", "        if f.name not in first:\n"),
    ("reasoning/k3-think-channel-not-reasoning", "locate.py",
     '    ("<|open|>think<|sep|>", "<|close|>think<|sep|>"),\n'
     '    ("<|open|>think<|sep|>", "<|close|>think<|sep|><|open|>response<|sep|>"),\n', ""),
    ("intent/k3-message-closer-is-prose", "intent.py",
     ' "<|close|>message<|sep|>",\n', "\n"),
    # wire adapters (leakcall.openai / leakcall.anthropic / _wire): tests/test_wire_rules.py
    ("wire/max-tokens-not-cut", "anthropic.py",
     '_CUT = (None, "max_tokens", "model_context_window_exceeded", "refusal")', "_CUT = (None,)"),
    ("wire/responses-status-ignored", "openai.py",
     'if status in (None, "completed"):\n        return None', "if True:\n        return None"),
    ("wire/structured-response-item-repaired", "openai.py",
     'if not isinstance(item, dict) or item.get("type") not in _RESPONSE_ITEMS:\n            return False',
     "if not isinstance(item, dict):\n            return False"),
    ("wire/several-response-text-parts", "openai.py",
     "    if len(found) > 1:\n        return False\n    return found[0] if found else None",
     "    return found[0] if found else None"),
    ("wire/tool-use-block-repaired", "anthropic.py",
     'if not isinstance(block, dict) or block.get("type") not in _BESIDE:\n            return False',
     "if not isinstance(block, dict):\n            return False"),
    ("wire/several-text-blocks", "anthropic.py",
     "    if len(found) > 1:\n        return False\n    return found[0] if found else None",
     "    return found[0] if found else None"),
    ("wire/unfinished-message-stream-not-cut", "anthropic.py",
     'self._stop("the stream ended without a message_delta")', "self._stop(None)"),
    ("wire/tagged-reasoning-wrapped", "_wire.py",
     "return not any(t in reasoning_text for t in _TAG_LITERALS)", "return True"),
    ("batch/struct-null-const-dropped", "batch.py",
     "if v is not None or k == \"const\"}", "if v is not None}"),
    ("descriptor/header-runs-past-bare-line", "families.py",
     'if not line.startswith("//") or line.rstrip() == "//":', 'if not line.startswith("//"):'),
    ("descriptor/prose-in-header-skipped", "families.py",
     "        if not m:\n            raise ValueError(", "        if not m:\n            continue\n"
     "            raise ValueError("),
    ("descriptor/unknown-key-allowed", "families.py",
     "        if m.group(1) not in _KEYS:\n", "        if False:\n"),
    ("descriptor/values-optional", "families.py",
     "    missing = [k for k in _REQUIRED if not h.get(k)]",
     "    h.setdefault(\"values\", [\"text\"])\n    missing = [k for k in _REQUIRED if not h.get(k)]"),
    ("descriptor/line-break-in-table-cell", "families.py",
     '    text = " ".join(text.splitlines())\n', ""),
    ("descriptor/line-break-in-code-cell", "families.py",
     '.replace("\\n", "\\\\n")', ""),
]


def _pytest() -> int:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                           *FAST], cwd=ROOT, capture_output=True, check=False).returncode


def run(selected: list[tuple[str, str, str, str]]) -> int:
    if _pytest() != 0:
        print("baseline: the fast tests fail without any mutant; fix that first")
        return 2
    survivors = []
    for mid, fname, old, new in selected:
        path = SRC / fname
        orig = path.read_text(encoding="utf-8")
        if orig.count(old) != 1:
            print(f"STALE    {mid}: snippet not found exactly once in {fname}")
            survivors.append(mid)
            continue
        path.write_text(orig.replace(old, new, 1), encoding="utf-8")
        t = time.perf_counter()
        try:
            rc = _pytest()
        finally:
            path.write_text(orig, encoding="utf-8")
        status = "killed" if rc != 0 else "SURVIVED"
        if rc == 0:
            survivors.append(mid)
        print(f"{status:8} {mid}  ({time.perf_counter() - t:.1f}s)")
    killed = len(selected) - len(survivors)
    print(f"\nscore: {killed}/{len(selected)} killed; survivors: {survivors or 'none'}")
    return 1 if survivors else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("-k", default="", help="only mutants whose id contains this")
    args = ap.parse_args()
    return run([m for m in MUTANTS if args.k in m[0]])


if __name__ == "__main__":
    raise SystemExit(main())
