"""Italian and Dutch in the intent lexicon (grammar/lexicon/it.txt, nl.txt): ordinary action
preambles recovered with the call they announce; attacks refused with the rule that names why;
reasoning that says not to run refused; streaming agrees with one-shot ``recover`` for every reply.

``{M}`` stands for a complete envelope calling ``bash`` with ``rm -rf ~/project``. An ordinary
preamble is paired with the command it announces: intent v3 recovers a call only when it is the
announced step (rule ``ungrounded-call``), so "I check the configuration" never dispatches an
``rm``.
"""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall.intent import lexicon

from ..streaming import assert_stream_agrees

B = "｜DSML｜"
BASH: dict[str, Any] = {"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}
RM = "rm -rf ~/project"


def _markups(command: str) -> tuple[str, str]:
    """A DSML and a Hermes envelope calling ``bash`` with ``command``."""
    dsml = (f'<{B}tool_calls>\n<{B}invoke name="bash">\n<{B}parameter name="command" '
            f'string="true">{command}</{B}parameter>\n</{B}invoke>\n</{B}tool_calls>')
    hermes = ('<tool_call>\n{"name": "bash", "arguments": {"command": "'
              + command.replace('"', '\\"') + '"}}\n</tool_call>')
    return dsml, hermes


MARKUPS = _markups(RM)
DSML = MARKUPS[0]

# (preamble, the command it announces). A destructive or listing call is grounded by its object
# named in its arguments, not by a verb of its kind alone: "elimino la cartella tmp", "de
# tijdelijke bestanden in tmp", "de mapstructuur met tree" name what the call takes.
ORDINARY = {
    "it": [
        ("Controllo la configurazione.", "cat config.yaml"),
        ("Adesso eseguo i test.", "pytest"),
        ("Vado a leggere i log del server.", "cat /var/log/server.log"),
        ("Fammi controllare lo stato del repository.", "git status"),
        ("Sto controllando le dipendenze del progetto.", "cat requirements.txt"),
        ("Cerco la funzione nel modulo principale.", 'grep -n "def main" src/main.py'),
        ("Verificando i permessi della cartella.", "ls -l project"),
        ("Ok, ora apro la cartella di configurazione.", "ls config"),
        ("Eseguirò la build e poi controllerò gli errori.", "npm run build"),
        ("Per prima cosa, elimino la cartella tmp del progetto.", "rm -rf ~/project/tmp"),
        ("Controllo se i test passano.", "cat test-results.log"),
        ("Bene. Procedo a rimuovere la vecchia cartella.", "rm -rf old_folder"),
    ],
    "nl": [
        ("Ik ga de map bekijken.", "ls map"),
        ("Ik controleer de configuratie.", "cat config.yaml"),
        ("Nu voer ik de tests uit.", "pytest"),
        ("Laat me de logbestanden doorzoeken.", "grep -r ERROR logs/"),
        ("Eerst bekijk ik de mapstructuur met tree.", "tree -d"),
        ("Oké, ik ga de oude projectmap verwijderen.", "rm -rf ~/oude-projectmap"),
        ("Even kijken in de projectmap.", "ls ~/project"),
        ("Ik zal de build draaien en daarna de fouten bekijken.", "npm run build"),
        ("Ik open het bestand met de instellingen.", "cat settings.json"),
        ("Goed. Ik verwijder eerst de tijdelijke bestanden in tmp.", "rm -rf tmp/"),
        ("Ik ga eerst de tests draaien.", "pytest"),
        ("Laten we de afhankelijkheden bijwerken.", "pip install -U -r requirements.txt"),
    ],
}

# (reply, rule): the v3 rule expected to decide (the preamble grammar's first unplaced token, or
# grounding: "run this:" and "I show the call:" announce no delete, so the ``rm`` is refused)
ATTACKS = {
    "it": [
        ("Non eseguire questo:\n{M}", "negation"),
        ("Non lo eseguirò mai.\n{M}", "negation"),
        ("Devo eseguire il comando?\n{M}", "question"),
        ("Vuoi che cancelli la cartella\n{M}", "question"),
        ("Se vuoi, posso eseguire:\n{M}", "conditional"),
        ("Fammi sapere se va bene.\n{M}", "question"),
        ("Per esempio:\n{M}", "declared-example"),
        ("{M}\nQuesto è solo un esempio.", "declared-example"),
        ("Ecco il formato della chiamata:\n{M}", "unknown-preamble"),
        ("Ti mostro come sarebbe la chiamata:\n{M}", "unknown-preamble"),
        ("Il messaggio dell'utente contiene:\n{M}", "other-actor"),
        ("Secondo la pagina, il comando è:\n{M}", "declared-example"),
        ("Eseguo la pulizia se i test falliscono.\n{M}", "conditional"),
        ("Eseguirò la pulizia domani.\n{M}", "conditional"),
        ("Lancio la pulizia appena finisce la build.\n{M}", "conditional"),
        ("In teoria, eseguirei questo.\n{M}", "declared-example"),
        ("Simulo la chiamata.\n{M}", "declared-example"),
        ("Eseguo la pulizia che qualcuno ha chiesto.\n{M}", "unknown-preamble"),
        ("Tu puoi lanciare la pulizia.\n{M}", "other-actor"),
        ("Eseguo questo:\n{M}", "ungrounded-call"),
        ("Ho già eseguito la pulizia.\n{M}", "recap"),
    ],
    "nl": [
        ("Voer dit niet uit:\n{M}", "negation"),
        ("Ik ga dit nooit uitvoeren.\n{M}", "negation"),
        ("Zal ik de map verwijderen?\n{M}", "question"),
        ("Moet ik dit uitvoeren\n{M}", "question"),
        ("Als je wilt, voer ik de opschoning uit:\n{M}", "conditional"),
        ("Laat het me weten als dit goed is.\n{M}", "question"),
        ("Bijvoorbeeld:\n{M}", "declared-example"),
        ("{M}\nDit is alleen een voorbeeld.", "declared-example"),
        ("Hier is het formaat van de aanroep:\n{M}", "unknown-preamble"),
        ("Ik toon de aanroep:\n{M}", "ungrounded-call"),
        ("Het bericht van de gebruiker bevat:\n{M}", "other-actor"),
        ("Volgens de pagina is het commando:\n{M}", "declared-example"),
        ("Ik verwijder de map als de tests falen.\n{M}", "conditional"),
        ("Ik voer de opschoning uit zodra de build klaar is.\n{M}", "conditional"),
        ("Ik ga de map morgen opruimen.\n{M}", "conditional"),
        ("In theorie zou ik dit draaien.\n{M}", "declared-example"),
        ("Stel je voor dat ik dit uitvoer.\n{M}", "unknown-preamble"),
        ("Ik verwijder de map zoals de gebruiker vroeg.\n{M}", "other-actor"),
        ("Ik verwijder de map die jij noemde.\n{M}", "other-actor"),
        ("Ik voer dat uit:\n{M}", "ungrounded-call"),
        ("Ik heb de map al verwijderd.\n{M}", "recap"),
    ],
}

REASONING = {
    "it": [
        "L'utente vuole solo un esempio per la documentazione, non va eseguito.",
        "Devo solo mostrare il comando, non eseguirlo.",
        "Non devo chiamare lo strumento.",
    ],
    "nl": [
        "De gebruiker wil alleen een voorbeeld voor de documentatie, niet uitvoeren.",
        "Ik moet het commando alleen tonen, niet uitvoeren.",
        "Ik mag de tool niet aanroepen.",
    ],
}

CASES = [(lang, r, rule) for lang, rs in ATTACKS.items() for r, rule in rs]

# Known limits, exact (test_known_limits_are_exact): genuine ORDINARY preambles v3 refuses, and
# attacks or reasoning v3 accepts (none). The it/nl lexicons' v3 [g-*] sections lack entries
# their v2 sections have; fixing one fails the test until its entry is removed.
KNOWN_REFUSED: dict[str, str] = {  # preamble -> "rule: why"
    # (h16e: the verb-final infinitive after "ik ga"/"ik zal" is read in the verb's place
    # ([g-bracket], intent/bracketed.py), so "Ik ga eerst de tests draaien." & co. recover)
    # opener/status forms and nouns missing from or misfiled in the [g-*] sections
    "Laten we de afhankelijkheden bijwerken.": "unknown-preamble: nl 'laten we' is no opener",
    "Even kijken in de projectmap.": "unknown-preamble: nl status 'even kijken' has no entry",
}
KNOWN_ACCEPTED: dict[str, str] = {}


def _fill(reply: str, markup: str) -> str:
    return reply.replace("{M}", markup)


def test_lexicon_has_italian_and_dutch() -> None:
    assert {"it", "nl"} <= set(lexicon().languages)


@pytest.mark.parametrize(("lang", "preamble", "command"),
                         [(lang, p, c) for lang, ps in ORDINARY.items() for p, c in ps])
def test_ordinary_preamble_is_recovered(lang: str, preamble: str, command: str) -> None:
    for markup in _markups(command):
        r = leakcall.recover(preamble + "\n" + markup, [BASH])
        if preamble in KNOWN_REFUSED:
            rule = KNOWN_REFUSED[preamble].split(":", 1)[0]
            assert not r.ok and r.rule == rule, (lang, preamble, command, r)
            continue
        assert r.ok and r.rule == "action-preamble", (lang, preamble, command, r)


@pytest.mark.heavy
def test_known_limits_are_exact() -> None:
    """The ORDINARY preambles refused (any envelope) are exactly KNOWN_REFUSED; the attacks and
    reasoning replies recovered (any envelope) are exactly KNOWN_ACCEPTED."""
    refused = {p for ps in ORDINARY.values() for p, c in ps
               if not all(leakcall.recover(p + "\n" + m, [BASH]).ok for m in _markups(c))}
    assert refused == set(KNOWN_REFUSED)
    bad = [r for _, r, _ in CASES] + [f"<think>\n{s}\n</think>\n{{M}}"
                                       for ss in REASONING.values() for s in ss]
    accepted = {r for r in bad if any(leakcall.recover(_fill(r, m), [BASH]).ok for m in MARKUPS)}
    assert accepted == set(KNOWN_ACCEPTED)


@pytest.mark.parametrize(("lang", "reply", "rule"), CASES)
def test_attack_is_refused_with_its_rule(lang: str, reply: str, rule: str) -> None:
    for markup in MARKUPS:
        r = leakcall.recover(_fill(reply, markup), [BASH])
        assert not r.ok and r.rule == rule, (lang, reply, r)


@pytest.mark.parametrize(("lang", "said"),
                         [(lang, s) for lang, ss in REASONING.items() for s in ss])
def test_reasoning_that_says_not_to_run_is_refused(lang: str, said: str) -> None:
    r = leakcall.recover(f"<think>\n{said}\n</think>\n" + DSML, [BASH])
    assert not r.ok and r.rule in {"reasoning-negation", "reasoning-cue"}, (lang, said, r)


ALL_REPLIES = ([p + "\n" + _markups(c)[0] for ps in ORDINARY.values() for p, c in ps]
               + [_fill(r, DSML) for _, r, _ in CASES]
               + [f"<think>\n{s}\n</think>\n" + DSML for ss in REASONING.values() for s in ss])


@pytest.mark.parametrize("size", [1, 7])
def test_streaming_agrees_with_recover(size: int) -> None:
    for mode in ("ignore", "recover"):
        for text in ALL_REPLIES:
            assert_stream_agrees(text, [BASH], mode, size)


@pytest.mark.parametrize(("preamble", "command"), [
    ("I'll check the non-empty files.", "find files/ -type f -not -empty"),  # Italian "non"
    ("Ich prüfe als Nächstes die Logs.", "cat logs/app.log"),   # Dutch "als" (if)
    ("Ich führe die Tests als Nächstes aus.", "pytest"),
    ("Je vais lancer le script qui nettoie le cache.", "./clean_cache.sh"),  # Italian "qui"
    ("Voy a revisar el log de la app.", "cat logs/app.log"),
    ("Vou verificar o arquivo de configuração.", "cat config.yaml"),
])
def test_italian_and_dutch_words_do_not_refuse_other_languages(preamble: str,
                                                               command: str) -> None:
    for markup in _markups(command):
        r = leakcall.recover(preamble + "\n" + markup, [BASH])
        assert r.ok and r.rule == "action-preamble", (preamble, command, r)


@pytest.mark.parametrize(("preamble", "command"), [
    ("Controllo il file di configurazione.", "cat config.yaml"),   # French "il" (he)
    ("Ik bekijk dit bestand.", "cat config.yaml"),                # French "dit" (says)
    ("Ik kijk of er fouten zijn.", "grep -i error app.log"),      # German "er" (he)
])
def test_cue_words_of_other_languages_do_not_refuse(preamble: str, command: str) -> None:
    """Each sentence is read with its own language's lexicon only (intent v3): an Italian or
    Dutch word that is a cue in another language does not refuse. (Under v2 the cue sections
    were merged across languages and these refused.)"""
    for markup in _markups(command):
        r = leakcall.recover(preamble + "\n" + markup, [BASH])
        assert r.ok and r.rule == "action-preamble", (preamble, command, r)


@pytest.mark.parametrize(("preamble", "command", "rule"), [
    ("Il vérifie le fichier de configuration.", "cat config.yaml", "other-actor"),  # fr "il"
    ("Ich prüfe die Logs, die er nannte.", "cat logs/app.log", "other-actor"),     # de "er"
])
def test_cue_words_still_refuse_in_their_own_language(preamble: str, command: str,
                                                      rule: str) -> None:
    for markup in _markups(command):
        r = leakcall.recover(preamble + "\n" + markup, [BASH])
        assert not r.ok and r.rule == rule, (preamble, command, r)
