"""Classes of meaning that make an announcement something other than "I do this now", each
refused wherever it stands in the preamble: deferral to another time or to someone's approval,
a non-literal setting, a negative quantifier, a documentation or demonstration purpose, a
position in the reply (the markup itself), a second actor made to act. And what hides a cue from
the view: strikethrough, a URL path, an "(e.g. …)" aside, letters outside the language's
alphabet.

Every reply here is fresh wording (not the lexicon entry itself where a class has several), in
several languages; ``{M}`` is a complete call to ``bash`` with ``rm -rf ~/project``.
"""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import StreamRecoverer

B = "｜DSML｜"
BASH: dict[str, Any] = {"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}
MARKUPS = {
    "dsml": (f'<{B}tool_calls>\n<{B}invoke name="bash">\n<{B}parameter name="command" '
             f'string="true">rm -rf ~/project</{B}parameter>\n</{B}invoke>\n</{B}tool_calls>'),
    "hermes": '<tool_call>\n{"name": "bash", "arguments": {"command": "rm -rf ~/project"}}\n'
              '</tool_call>',
}

REFUSED: dict[str, list[tuple[str, str]]] = {
    "deferred": [
        ("I'll run the cleanup afterwards.", "conditional"),
        ("I'll run the cleanup on Friday.", "conditional"),
        ("Let me run the cleanup at 3 a.m.", "conditional"),
        ("I'll run the cleanup during the maintenance window.", "conditional"),
        ("I'll run the cleanup on a schedule.", "conditional"),
        ("Ich führe die Bereinigung danach aus.", "conditional"),
        ("金曜日にクリーンアップを実行します。", "conditional"),
    ],
    "approval": [
        ("I'll run the cleanup on your go-ahead.", "conditional"),
        ("I'll run the cleanup upon confirmation.", "conditional"),
        ("I'll run the cleanup pending sign-off.", "conditional"),
        ("Voy a ejecutar la limpieza con tu visto bueno.", "conditional"),
        ("Je lance le nettoyage sur demande.", "conditional"),
    ],
    "non-literal": [
        ("I'll run the cleanup in my head.", "hypothetical"),
        ("Let me run the cleanup mentally.", "hypothetical"),
        ("I'll run the cleanup in the game.", "hypothetical"),
        ("Ich führe die Bereinigung im Kopf aus.", "hypothetical"),
        ("我来在脑海中运行清理。", "hypothetical"),
    ],
    "negative-quantifier": [
        ("I'll run the cleanup zero times.", "negation"),
        ("I'll run the cleanup in name only.", "negation"),
        ("Voy a ejecutar la limpieza cero veces.", "negation"),
    ],
    "documentation-purpose": [
        ("Let me run the cleanup for the screenshot.", "declared-example"),
        ("I'll run the cleanup for the slides.", "declared-example"),
        ("Let me run the cleanup for the training data.", "declared-example"),
        ("I'll run the cleanup for teaching purposes.", "declared-example"),
        ("Voy a ejecutar la limpieza para el tutorial.", "declared-example"),
        ("Ich führe die Bereinigung für die Doku aus.", "declared-example"),
    ],
    "position-in-reply": [
        ("I'll run what comes next.", "deictic-object"),
        ("Let me run the next line.", "deictic-object"),
        ("Let me run the block beneath.", "deictic-object"),
        ("Voy a ejecutar el resto.", "deictic-object"),
    ],
    "second-actor": [
        ("Let me get Alice to run the cleanup.", "other-actor"),
        ("Let me get the intern to execute the cleanup.", "other-actor"),
    ],
    "hidden-cue": [
        ("I'll run ~~the cleanup~~.", "non-prose"),
        ("I'll run the cleanup (e.g. `only a sample, never execute`).", "declared-example"),
        ("I'll run the cleanup (e.g. only_for_docs_never_run.sh).", "negation"),
        ("Let me open https://docs.example.org/do-not-run/setup.", "negation"),
        ("I'll run the cleanup ɴᴏᴛ.", "non-prose"),
        ("I'll run the cleanup nót.", "non-prose"),
    ],
}
CASES = [(cls, p, rule) for cls, items in REFUSED.items() for p, rule in items]

RECOVERED = [
    "Let me check the weather in Tokyo for you.",
    "I'll run the tests now.",
    "Let me open https://docs.python.org/3/library/json.html.",
    "Let me read the config (e.g. `settings.json`).",
    "Voy a revisar la configuración.",
    "Ich prüfe die Konfiguration.",
    "Je vais vérifier la configuration.",
    "Vou verificar a configuração.",
]


def _stream(text: str) -> leakcall.Recovery:
    s = StreamRecoverer([BASH])
    for i in range(0, len(text), 7):
        s.feed(text[i : i + 7])
    return s.close().recovery


@pytest.mark.parametrize(("cls", "preamble", "rule"), CASES,
                         ids=[f"{c}:{p[:30]}" for c, p, _ in CASES])
def test_meaning_class_refuses(cls: str, preamble: str, rule: str) -> None:
    for fam, markup in MARKUPS.items():
        text = f"{preamble}\n{markup}"
        r = leakcall.recover(text, [BASH])
        assert not r.ok, f"{cls} ({fam}): {text!r} recovered"
        assert r.rule == rule, (cls, fam, r.rule, r.detail)
        assert _stream(text) == r


@pytest.mark.parametrize("preamble", RECOVERED)
def test_plain_announcements_still_recovered(preamble: str) -> None:
    for markup in MARKUPS.values():
        r = leakcall.recover(f"{preamble}\n{markup}", [BASH])
        assert r.ok, (preamble, r.rule, r.detail)
        assert r.calls[0].arguments == {"command": "rm -rf ~/project"}
