"""Generated adversarial variants of every family's recoverable corpus cases.

- Quotation: each recoverable reply wrapped as a quotation (fences with and without a language
  tag, ~~~ fences, inline code, block quote, quotation marks, list item, table row, declared
  example phrases) is refused.
- Smuggling: each recoverable reply with a tool name swapped for a look-alike (case, fullwidth,
  homoglyph, zero-width, trailing space) is refused: names are never folded.
"""

from __future__ import annotations

import pytest

import leakcall
from leakcall.corpus import Case

from .conftest import CASES

OK_CASES = [c for c in CASES if c.expect.get("reason") == "ok" and not c.options]

WRAPPERS = {
    "fence": "```\n{}\n```",
    "fence-lang": "```json\n{}\n```",
    "fence-tilde": "~~~\n{}\n~~~",
    "fence-unclosed": "Here:\n```\n{}",
    "inline-code": "The reply was `{}` and nothing else.",
    "double-backtick": "See ``{}``.",
    "block-quote": "> {}",
    "quotes": '"{}"',
    "curly-quotes": "“{}”",
    "list-dash": "- {}",
    "list-number": "2. {}",
    "table": "| model | output |\n|---|---|\n| x | {} |",
    "for-example": "For example:\n\n{}",
    "eg": "e.g. {}",
    "do-not-run": "Do not run this:\n{}",
    "how-you-would-call": "This is how you would call the tool:\n\n{}",
    "example-after": "{}\n\n(an example of the format)",
    "indented-code": "Like this:\n\n    {}",
    "html-pre": "<pre>{}</pre>",
    "html-comment": "<!--\n{}\n-->",
    "html-blockquote": "<blockquote>{}</blockquote>",
}


def _wrap(template: str, text: str) -> str:
    if template.startswith("> "):
        return "> " + text.replace("\n", "\n> ")
    return template.replace("{}", text)


@pytest.mark.parametrize("case", OK_CASES, ids=lambda c: c.id)
def test_quotation_wrappers_are_refused(case: Case) -> None:
    r0 = leakcall.recover(case.text, case.tools)
    assert r0.ok and r0.span is not None
    markup = case.text[r0.span[0] : r0.span[1]]
    for name, tpl in WRAPPERS.items():
        wrapped = _wrap(tpl, markup)
        r = leakcall.recover(wrapped, case.tools)
        assert not r.ok, f"{name}: {wrapped!r} recovered"
        assert r.content == wrapped


def _variants(name: str) -> list[str]:
    fullwidth = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in name)
    homoglyph = name.replace("a", "а").replace("e", "е").replace("o", "о")  # Cyrillic
    out = [name.upper(), name.capitalize(), fullwidth, homoglyph, name + "\u200b",
           name[:1] + "\u200d" + name[1:]]
    return [v for v in dict.fromkeys(out) if v != name]


@pytest.mark.parametrize("case", OK_CASES, ids=lambda c: c.id)
def test_look_alike_names_are_refused(case: Case) -> None:
    r0 = leakcall.recover(case.text, case.tools)
    assert r0.ok and r0.span is not None
    s, e = r0.span
    name = r0.calls[0].name
    for variant in _variants(name):
        text = case.text[:s] + case.text[s:e].replace(name, variant) + case.text[e:]
        r = leakcall.recover(text, case.tools)
        assert not r.ok, f"{variant!r} accepted in {case.id}"
