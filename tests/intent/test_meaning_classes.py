"""Classes of meaning that make an announcement something other than "I do this now", each
refused wherever it stands in the preamble: deferral to another time or to someone's approval,
a non-literal setting, a negative quantifier, a documentation or demonstration purpose, a
position in the reply (the markup itself), a second actor made to act. And what hides a cue from
the view: strikethrough, a URL path, an "(e.g. …)" aside, letters outside the language's
alphabet.

Every reply here is fresh wording (not the lexicon entry itself where a class has several), in
several languages. Intent v3 grounds every call in the announcement, so a call that the plain
announcement does not ground (``rm -rf ~/project`` after "I'll run the cleanup", which announces
no delete) is refused as ``ungrounded-call`` whatever the class: it still is (``RM``), but the
class is judged on the call the plain announcement of its language does ground (``COMMAND``, a
cleanup script; ``test_plain_cleanup_announcement_is_recovered`` checks that), so that only the
class can refuse it.
"""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall import StreamRecoverer
from leakcall.intent.tables import tongues

B = "｜DSML｜"
BASH: dict[str, Any] = {"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}
RM = "rm -rf ~/project"


def _markups(command: str) -> dict[str, str]:
    """A DSML and a Hermes envelope calling ``bash`` with ``command``."""
    return {
        "dsml": (f'<{B}tool_calls>\n<{B}invoke name="bash">\n<{B}parameter name="command" '
                 f'string="true">{command}</{B}parameter>\n</{B}invoke>\n</{B}tool_calls>'),
        "hermes": ('<tool_call>\n{"name": "bash", "arguments": {"command": "'
                   + command.replace('"', '\\"') + '"}}\n</tool_call>'),
    }


# language -> (the plain cleanup announcement, the cleanup call it grounds)
PLAIN = {
    "en": ("I'll run the cleanup.", "./cleanup.sh"),
    "de": ("Ich führe die Bereinigung aus.", "./bereinigung.sh"),
    "es": ("Voy a ejecutar la limpieza.", "./limpieza.sh"),
    "fr": ("Je lance le nettoyage.", "./nettoyage.sh"),
    "it": ("Eseguo la pulizia.", "./pulizia.sh"),
    "ja": ("クリーンアップスクリプトを実行します。", "sh cleanup_script.sh"),
    "zh": ("我来运行清理脚本。", "sh cleanup_script.sh"),
}

# class -> (language, preamble, the v3 rule that names why)
REFUSED: dict[str, list[tuple[str, str, str]]] = {
    "deferred": [
        ("en", "I'll run the cleanup afterwards.", "conditional"),
        ("en", "I'll run the cleanup on Friday.", "conditional"),
        ("en", "Let me run the cleanup at 3 a.m.", "conditional"),
        ("en", "I'll run the cleanup during the maintenance window.", "conditional"),
        ("en", "I'll run the cleanup on a schedule.", "conditional"),
        ("de", "Ich führe die Bereinigung danach aus.", "conditional"),
        ("ja", "金曜日にクリーンアップスクリプトを実行します。", "conditional"),
    ],
    "condition-compound": [
        # a compound whose first part is a condition or a deferral is one, read whole
        ("en", "I'll run the cleanup after-hours.", "conditional"),
        ("en", "I'll run the cleanup once-approved.", "conditional"),
    ],
    "approval": [
        ("en", "I'll run the cleanup on your go-ahead.", "conditional"),
        ("en", "I'll run the cleanup upon confirmation.", "conditional"),
        ("en", "I'll run the cleanup pending sign-off.", "conditional"),
        ("es", "Voy a ejecutar la limpieza con tu visto bueno.", "conditional"),
        ("fr", "Je lance le nettoyage sur demande.", "conditional"),
    ],
    "non-literal": [
        ("en", "I'll run the cleanup in my head.", "declared-example"),
        ("en", "Let me run the cleanup mentally.", "declared-example"),
        ("en", "I'll run the cleanup in the game.", "declared-example"),
        ("de", "Ich führe die Bereinigung im Kopf aus.", "declared-example"),
        ("zh", "我来在脑海中运行清理脚本。", "declared-example"),
    ],
    "negative-quantifier": [
        ("en", "I'll run the cleanup zero times.", "declared-example"),
        ("en", "I'll run the cleanup in name only.", "declared-example"),
        ("es", "Voy a ejecutar la limpieza cero veces.", "negation"),
    ],
    "documentation-purpose": [
        ("en", "Let me run the cleanup for the screenshot.", "declared-example"),
        ("en", "I'll run the cleanup for the slides.", "declared-example"),
        ("en", "Let me run the cleanup for the training data.", "declared-example"),
        ("en", "I'll run the cleanup for teaching purposes.", "declared-example"),
        ("es", "Voy a ejecutar la limpieza para el tutorial.", "declared-example"),
        ("de", "Ich führe die Bereinigung für die Doku aus.", "declared-example"),
        # a leading purpose that shows or tells, before a changing step
        ("en", "To show the syntax, I'll run the cleanup.", "declared-example"),
        ("es", "Para explicar el formato, voy a ejecutar la limpieza.", "declared-example"),
        # the user asks for the call itself (its text), not for the step
        ("en", "The user wants the cleanup request for the runbook. I'll run the cleanup.",
         "declared-example"),
        ("en", "You asked for the cleanup payload for the docs. I'll run the cleanup.",
         "declared-example"),
    ],
    "unlisted-adverb": [
        # an adverb by its ending that [g-adverb] does not list: how, or whether, the step is
        # taken ("theoretically", "notionally") is no word the grammar licenses
        ("en", "I'll run the cleanup, symbolically.", "unknown-preamble"),
        ("en", "I'll run the cleanup nominally.", "unknown-preamble"),
        ("es", "Voy a ejecutar la limpieza teóricamente.", "unknown-preamble"),
        ("it", "Eseguo la pulizia simbolicamente.", "unknown-preamble"),
        ("de", "Ich führe die Bereinigung möglicherweise aus.", "unknown-preamble"),
        ("fr", "Je lance le nettoyage, évidemment.", "unknown-preamble"),
        ("fr", "Je lance le nettoyage virtuellement.", "unknown-preamble"),
    ],
    "plain-register": [
        # the plain dictionary form is the register of procedures and lists, not of the
        # speaker's intent said to the reader (-ます, volitional)
        ("ja", "クリーンアップスクリプトを実行する。", "unknown-preamble"),
        ("ja", "クリーンアップスクリプトを実行してみる。", "unknown-preamble"),
    ],
    "bare-imperative": [
        # a single-word status form that is the imperative too, of a changing step, with no
        # opener beside it: an instruction to the reader as well
        ("de", "Starte die Bereinigung.", "unknown-preamble"),
        ("zh", "运行清理脚本。", "unknown-preamble"),
    ],
    "unread-aside": [
        # an aside of several words in a language with no lexicon, in letters the sentence's
        # own does not write (Hungarian "only after the meeting", Romanian "only tomorrow morning";
        # Czech has a lexicon, test_czech.py)
        ("en", "I'll run the cleanup (csak a megbeszélés után).", "unknown-language"),
        ("en", "I'll run the cleanup (abia mâine dimineață).", "unknown-language"),
    ],
    "adverb-phrase-after-object": [
        # an adverb after the object joins a next step only through a verb the lexicon knows:
        # "first chance", "first opportunity" are phrases (times) no grammar reads
        ("en", "I'll run the cleanup first chance.", "unknown-preamble"),
        ("en", "I'll run the cleanup first opportunity.", "unknown-preamble"),
        ("es", "Voy a ejecutar la limpieza primero mañanita.", "unknown-preamble"),
    ],
    "procedure-step": [
        # an opener that names no speaker names a step of a procedure, whoever takes it
        ("en", "Now to run the cleanup.", "unknown-preamble"),
        ("en", "Next step is to run the cleanup.", "unknown-preamble"),
    ],
    "third-party-request": [
        # a party named with no determiner wants the step: its request, not the user's task
        ("en", "Marta wants the cleanup done. I'll run the cleanup.", "quoted-source"),
        ("de", "Lukas möchte, dass die Bereinigung läuft. Ich führe die Bereinigung aus.",
         "quoted-source"),
    ],
    "position-in-reply": [
        ("en", "I'll run what comes next.", "ungrounded-call"),
        ("en", "Let me run the next line.", "ungrounded-call"),
        ("en", "Let me run the block beneath.", "ungrounded-call"),
        ("es", "Voy a ejecutar el resto.", "ungrounded-call"),
    ],
    "second-actor": [
        # the purpose of a step that is not a means is no step taken: nothing announces the run
        ("en", "Let me get Alice to run the cleanup.", "ungrounded-call"),
        ("en", "Let me get the intern to execute the cleanup.", "other-actor"),
        # the purpose of a generic verb whose complement is a party it acts with
        ("en", "I'll work with Alice to run the cleanup.", "ungrounded-call"),
    ],
    "hidden-cue": [
        ("en", "I'll run ~~the cleanup~~.", "non-prose"),
        ("en", "I'll run the cleanup (e.g. `only a sample, never execute`).", "unknown-preamble"),
        ("en", "I'll run the cleanup (e.g. only_for_docs_never_run.sh).", "unknown-preamble"),
        ("en", "Let me open https://docs.example.org/do-not-run/setup.", "unknown-preamble"),
        ("en", "I'll run the cleanup ɴᴏᴛ.", "negation"),  # small capitals, read undisguised
        ("en", "I'll run the cleanup nót.", "non-prose"),
    ],
}
CASES = [(cls, lang, p, rule) for cls, items in REFUSED.items() for lang, p, rule in items]

# Known limits: preambles of REFUSED whose class v3 does not see, so the call the plain
# announcement grounds (``_command``) is recovered; ``rm`` after them is still refused (the
# cleanup announces no delete). Fixing one fails test_known_limits_are_exact until it is removed.
KNOWN_ACCEPTED: dict[str, str] = {
    # The class phrase is missing from the language's lexicon: read as an open object word.
    "Ich führe die Bereinigung danach aus.": "de 'danach' (afterwards) is no deferral word",
    "Je lance le nettoyage sur demande.": "fr 'sur demande' is no approval phrase",
    "Ich führe die Bereinigung im Kopf aus.": "de 'im Kopf' is no non-literal phrase",
    "Voy a ejecutar la limpieza cero veces.": "es 'cero veces' is no negative quantifier",
    "Ich führe die Bereinigung für die Doku aus.": "de 'für die Doku' is no purpose phrase",
    "I'll run the cleanup for the slides.": "en 'for the slides' is no purpose phrase",
    "I'll run what comes next.": "en 'what comes next' is no position-in-reply phrase",
    # A cue the view no longer reads: a URL path's pieces; letters outside the alphabet (English
    # is never ruled out by a foreign letter, so small capitals and stray accents are words).
    "Let me open https://docs.example.org/do-not-run/setup.": "URL path not read for cues",
    "I'll run the cleanup nót.": "accented 'not' is an open word",
}

# (preamble, the call it announces)
RECOVERED = [
    ("Let me check the weather in Tokyo for you.", "curl -s wttr.in/Tokyo"),
    ("I'll run the tests now.", "pytest"),
    ("Let me open https://docs.python.org/3/library/json.html.",
     "curl -s https://docs.python.org/3/library/json.html"),
    ("Let me read the config (e.g. `settings.json`).", "cat settings.json"),
    ("Let me read the config (`settings.json`).", "cat settings.json"),
    ("Voy a revisar la configuración.", "cat config.yaml"),
    ("Ich prüfe die Konfiguration.", "cat config.yaml"),
    ("Je vais vérifier la configuration.", "cat config.yaml"),
    ("Vou verificar a configuração.", "cat config.yaml"),
    # an adverb by its ending before the word it modifies, or inside a check's own clause
    ("I'll run the weekly cleanup.", "./cleanup.sh"),
    ("Let me run pytest to confirm the parser works correctly.", "pytest"),
    # a bare form of an observing step, or a changing one after an observation and an adverb
    ("Prüfe die Konfiguration.", "cat config.yaml"),
    # a leading purpose that shows, before a step that only observes
    ("To show the layout, let me list the src folder.", "ls src"),
    # the user asks for a lookup (an observing call) or for a thing a call noun modifies
    ("You asked for the weather lookup for Paris. Let me check the weather in Paris.",
     "curl -s wttr.in/Paris"),
    ("The user wants a request handler for the cleanup. I'll run the cleanup.", "./cleanup.sh"),
    # a determined subject needing something, and a party wanting a step that only observes
    ("The script needs the cleanup first. I'll run the cleanup.", "./cleanup.sh"),
    # an adverb after the object, then the verb of the next step
    ("Je lance le nettoyage puis vérifie le résultat.", "./nettoyage.sh"),
    # the purpose of a generic verb whose object is the means it uses
    ("I'll use the shell to run the cleanup.", "./cleanup.sh"),
    ("My next step is to run the cleanup.", "./cleanup.sh"),
    ("Marta wants the weather in Paris. Let me check the weather in Paris.",
     "curl -s wttr.in/Paris"),
    # a name of two words in letters English does not write, in an aside
    ("Let me check the weather (São Paulo).", "curl -s wttr.in/São_Paulo"),
    ("查看配置。", "cat config.yaml"),
    ("检查完毕。现在运行清理脚本。", "sh cleanup_script.sh"),
]

# Known limit: genuine announcements v3 refuses (safe side).
KNOWN_REFUSED: dict[str, str] = {
    "Let me read the config (e.g. `settings.json`).":
        "unknown-preamble: a code token after 'e.g.' has no place in an announcement",
}


def _stream(text: str) -> leakcall.Recovery:
    s = StreamRecoverer([BASH])
    for i in range(0, len(text), 7):
        s.feed(text[i : i + 7])
    return s.close().recovery


def _command(lang: str, preamble: str) -> str:
    """The call the class is judged on: the cleanup call of the language (a URL preamble opens
    its URL)."""
    if "https://" in preamble:
        return "curl -s " + preamble.rsplit(maxsplit=1)[-1].rstrip(".")
    return PLAIN[lang][1]


@pytest.mark.parametrize("lang", sorted(PLAIN))
def test_plain_cleanup_announcement_is_recovered(lang: str) -> None:
    """Control: without the class, the announcement grounds the call the class is judged on."""
    preamble, command = PLAIN[lang]
    for markup in _markups(command).values():
        r = leakcall.recover(f"{preamble}\n{markup}", [BASH])
        assert r.ok and r.rule == "action-preamble", (lang, preamble, r.rule, r.detail)


@pytest.mark.parametrize(("cls", "lang", "preamble", "rule"), CASES,
                         ids=[f"{c}:{p[:30]}" for c, _, p, _ in CASES])
def test_meaning_class_refuses(cls: str, lang: str, preamble: str, rule: str) -> None:
    for command in (_command(lang, preamble), RM):
        for fam, markup in _markups(command).items():
            text = f"{preamble}\n{markup}"
            r = leakcall.recover(text, [BASH])
            assert _stream(text) == r
            if command != RM and preamble in KNOWN_ACCEPTED:
                assert r.ok and r.rule == "action-preamble", (cls, fam, r.rule, r.detail)
                continue
            assert not r.ok, f"{cls} ({fam}): {text!r} recovered"
            if command != RM:
                assert r.rule == rule, (cls, fam, r.rule, r.detail)


def test_known_limits_are_exact() -> None:
    """The preambles recovered (any envelope) are exactly KNOWN_ACCEPTED, and the genuine ones
    refused are exactly KNOWN_REFUSED: a fix or a new gap fails here."""
    def ok(preamble: str, command: str) -> list[bool]:
        return [leakcall.recover(f"{preamble}\n{m}", [BASH]).ok
                for m in _markups(command).values()]

    accepted = {p for _, lang, p, _ in CASES if any(ok(p, _command(lang, p)) + ok(p, RM))}
    assert accepted == set(KNOWN_ACCEPTED)
    assert {p for p, c in RECOVERED if not all(ok(p, c))} == set(KNOWN_REFUSED)


@pytest.mark.parametrize(("preamble", "command"), RECOVERED)
def test_plain_announcements_still_recovered(preamble: str, command: str) -> None:
    for markup in _markups(command).values():
        r = leakcall.recover(f"{preamble}\n{markup}", [BASH])
        if preamble in KNOWN_REFUSED:
            assert not r.ok and r.rule == "unknown-preamble", (preamble, r.rule, r.detail)
            continue
        assert r.ok, (preamble, r.rule, r.detail)
        assert r.calls[0].arguments == {"command": command}


def test_a_verb_pattern_reads_only_the_endings_of_its_verb() -> None:
    """A [kind-*] pattern's ``*`` stands for an ending of the verb ([g-verb-ending]), never for
    another word the stem begins: "bookmark" is no booking, "postpone" no posting."""
    en = next(t for t in tongues() if t.name == "en")
    assert en.kind_of("booking") == "pay" and en.kind_of("posting") == "send"
    assert en.kind_of("looking at") == "generic"  # a verb's own particle after a space
    assert en.kind_of("bookmark") is None and en.kind_of("postponing") is None
    book = {"type": "function", "function": {"name": "book_flight", "description": "Book a flight.",
            "parameters": {"type": "object", "properties": {"flight": {"type": "string"}}}}}
    call = '<tool_call>\n{"name": "book_flight", "arguments": {"flight": "LH401"}}\n</tool_call>'
    assert not leakcall.recover(f"I'll bookmark the LH401 flight page.\n{call}", [book]).ok
    assert leakcall.recover(f"I'll book the LH401 flight.\n{call}", [book]).ok
