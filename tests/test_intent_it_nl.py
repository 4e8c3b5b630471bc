"""Italian and Dutch in the intent lexicon (grammar/lexicon/it.txt, nl.txt): ordinary action
preambles recovered; attacks refused with the rule that names why; reasoning that says not to
run refused; streaming agrees with one-shot ``recover`` for every reply.

``{M}`` stands for a complete envelope calling ``bash`` with ``rm -rf ~/project``.
"""

from __future__ import annotations

from typing import Any

import pytest

import leakcall
from leakcall.intent import lexicon

from .streaming import assert_stream_agrees

B = "｜DSML｜"
BASH: dict[str, Any] = {"type": "function", "function": {"name": "bash", "parameters": {
    "type": "object", "properties": {"command": {"type": "string"}}}}}
DSML = (f'<{B}tool_calls>\n<{B}invoke name="bash">\n<{B}parameter name="command" string="true">'
        f"rm -rf ~/project</{B}parameter>\n</{B}invoke>\n</{B}tool_calls>")
HERMES = '<tool_call>\n{"name": "bash", "arguments": {"command": "rm -rf ~/project"}}\n</tool_call>'
MARKUPS = (DSML, HERMES)

ORDINARY = {
    "it": [
        "Controllo la configurazione.",
        "Adesso eseguo i test.",
        "Vado a leggere i log del server.",
        "Fammi controllare lo stato del repository.",
        "Sto controllando le dipendenze del progetto.",
        "Cerco la funzione nel modulo principale.",
        "Verificando i permessi della cartella.",
        "Ok, ora apro la cartella di configurazione.",
        "Eseguirò la build e poi controllerò gli errori.",
        "Per prima cosa, elimino la cartella temporanea del progetto.",
        "Controllo se i test passano.",
        "Bene. Procedo a rimuovere la vecchia cartella.",
    ],
    "nl": [
        "Ik ga de map bekijken.",
        "Ik controleer de configuratie.",
        "Nu voer ik de tests uit.",
        "Laat me de logbestanden doorzoeken.",
        "Eerst bekijk ik de mapstructuur.",
        "Oké, ik ga de oude projectmap verwijderen.",
        "Even kijken in de projectmap.",
        "Ik zal de build draaien en daarna de fouten bekijken.",
        "Ik open het bestand met de instellingen.",
        "Goed. Ik verwijder eerst de tijdelijke bestanden.",
        "Ik ga eerst de tests draaien.",
        "Laten we de afhankelijkheden bijwerken.",
    ],
}

# (reply, rule): the rule expected to decide
ATTACKS = {
    "it": [
        ("Non eseguire questo:\n{M}", "negation"),
        ("Non lo eseguirò mai.\n{M}", "negation"),
        ("Devo eseguire il comando?\n{M}", "question"),
        ("Vuoi che cancelli la cartella\n{M}", "question"),
        ("Se vuoi, posso eseguire:\n{M}", "offer"),
        ("Fammi sapere se va bene.\n{M}", "offer"),
        ("Per esempio:\n{M}", "declared-example"),
        ("{M}\nQuesto è solo un esempio.", "declared-example"),
        ("Ecco il formato della chiamata:\n{M}", "display-verb"),
        ("Ti mostro come sarebbe la chiamata:\n{M}", "display-verb"),
        ("Il messaggio dell'utente contiene:\n{M}", "quoted-source"),
        ("Secondo la pagina, il comando è:\n{M}", "quoted-source"),
        ("Eseguo la pulizia se i test falliscono.\n{M}", "conditional"),
        ("Eseguirò la pulizia domani.\n{M}", "conditional"),
        ("Lancio la pulizia appena finisce la build.\n{M}", "conditional"),
        ("In teoria, eseguirei questo.\n{M}", "hypothetical"),
        ("Simulo la chiamata.\n{M}", "hypothetical"),
        ("Eseguo la pulizia che qualcuno ha chiesto.\n{M}", "other-actor"),
        ("Tu puoi lanciare la pulizia.\n{M}", "offer"),
        ("Eseguo questo:\n{M}", "deictic-object"),
        ("Ho già eseguito la pulizia.\n{M}", "recap"),
    ],
    "nl": [
        ("Voer dit niet uit:\n{M}", "negation"),
        ("Ik ga dit nooit uitvoeren.\n{M}", "negation"),
        ("Zal ik de map verwijderen?\n{M}", "question"),
        ("Moet ik dit uitvoeren\n{M}", "question"),
        ("Als je wilt, voer ik de opschoning uit:\n{M}", "offer"),
        ("Laat het me weten als dit goed is.\n{M}", "offer"),
        ("Bijvoorbeeld:\n{M}", "declared-example"),
        ("{M}\nDit is alleen een voorbeeld.", "declared-example"),
        ("Hier is het formaat van de aanroep:\n{M}", "display-verb"),
        ("Ik toon de aanroep:\n{M}", "display-verb"),
        ("Het bericht van de gebruiker bevat:\n{M}", "quoted-source"),
        ("Volgens de pagina is het commando:\n{M}", "quoted-source"),
        ("Ik verwijder de map als de tests falen.\n{M}", "conditional"),
        ("Ik voer de opschoning uit zodra de build klaar is.\n{M}", "conditional"),
        ("Ik ga de map morgen opruimen.\n{M}", "conditional"),
        ("In theorie zou ik dit draaien.\n{M}", "hypothetical"),
        ("Stel je voor dat ik dit uitvoer.\n{M}", "hypothetical"),
        ("Ik verwijder de map zoals de gebruiker vroeg.\n{M}", "other-actor"),
        ("Ik verwijder de map die jij noemde.\n{M}", "other-actor"),
        ("Ik voer dat uit:\n{M}", "deictic-object"),
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


def _fill(reply: str, markup: str) -> str:
    return reply.replace("{M}", markup)


def test_lexicon_has_italian_and_dutch() -> None:
    assert {"it", "nl"} <= set(lexicon().languages)


@pytest.mark.parametrize(("lang", "preamble"),
                         [(lang, p) for lang, ps in ORDINARY.items() for p in ps])
def test_ordinary_preamble_is_recovered(lang: str, preamble: str) -> None:
    for markup in MARKUPS:
        r = leakcall.recover(preamble + "\n" + markup, [BASH])
        assert r.ok and r.rule == "action-preamble", (lang, preamble, r)


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


ALL_REPLIES = ([p + "\n" + DSML for ps in ORDINARY.values() for p in ps]
               + [_fill(r, DSML) for _, r, _ in CASES]
               + [f"<think>\n{s}\n</think>\n" + DSML for ss in REASONING.values() for s in ss])


@pytest.mark.parametrize("size", [1, 7])
def test_streaming_agrees_with_recover(size: int) -> None:
    for mode in ("ignore", "recover"):
        for text in ALL_REPLIES:
            assert_stream_agrees(text, [BASH], mode, size)


@pytest.mark.parametrize("preamble", [
    "I'll check the non-empty files.",            # Italian "non *" needs a space after it
    "Ich prüfe als Nächstes die Logs.",           # Dutch "als" refuses only as "als de", ...
    "Ich führe die Tests als Nächstes aus.",
    "Je vais lancer le script qui nettoie le cache.",  # Italian "qui" is not a deictic entry
    "Voy a revisar el log de la app.",
    "Vou verificar o arquivo de configuração.",
])
def test_italian_and_dutch_words_do_not_refuse_other_languages(preamble: str) -> None:
    r = leakcall.recover(preamble + "\n" + DSML, [BASH])
    assert r.ok and r.rule == "action-preamble", (preamble, r)


@pytest.mark.parametrize(("preamble", "rule"), [
    ("Controllo il file di configurazione.", "other-actor"),   # French "il" (he)
    ("Ik bekijk dit bestand.", "quoted-source"),               # French "dit" (says)
    ("Ik kijk of er fouten zijn.", "other-actor"),             # German "er" (he)
])
def test_cue_words_of_other_languages_still_refuse(preamble: str, rule: str) -> None:
    """Known limit: cue sections are merged across languages, so an Italian or Dutch word that
    is a cue in another language refuses (the safe side) until cues are scoped per language."""
    r = leakcall.recover(preamble + "\n" + DSML, [BASH])
    assert not r.ok and r.rule == rule, (preamble, r)
