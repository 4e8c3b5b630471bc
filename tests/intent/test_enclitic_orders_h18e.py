"""An observing launch's order says a change through an enclitic pronoun or a causative (round
45 gap 7, h18e; ``leakcall.intent.enclitics`` read by ``orderobserve``): "... y arréglala",
"... e correggila", "... and get it working", and a stated end state (``endstates``: "The end
state: it uses backoff.", "It should use backoff."). Cases are unseen siblings of the round's attacks
(other verbs, objects and languages); each refused order has a recovered twin that looks."""

from __future__ import annotations

import pytest

from tests.intent_sets import described_tool, expect_pair, recover_after

KEYS = ("description", "prompt", "subagent_type")
TOOLS = [described_tool("task", {k: {"type": "string"} for k in KEYS}, "Launch a sub-agent",
                        required=KEYS)]
LAUNCH = "I'll launch an explore agent to find where the cache eviction code lives."


def _order(prompt: str) -> tuple[str, str, dict[str, str]]:
    return LAUNCH, "task", {"description": "Investigate", "prompt": prompt,
                            "subagent_type": "explore"}


# (recovered order, refused twin)
PAIRS = [
    ("Encuentra el código de expiración de la caché y léelo.",
     "Encuentra el código de expiración de la caché y bórralo."),
    ("Busca dónde se expulsan las entradas de la caché y revísalas.",
     "Busca dónde se expulsan las entradas de la caché y cámbialas."),
    ("Busca la lógica de la caché, léela y muéstrala.",
     "Busca la lógica de la caché, léela y reescríbela."),
    ("Trova il codice della cache e leggilo.",
     "Trova il codice della cache e cancellalo."),
    ("Find the cache eviction code and have it report back.",
     "Find the cache eviction code and have it use an LRU."),
    ("Find the cache eviction code and have it list the callers.",
     "Find the cache eviction code and have it skip the expired keys."),
    ("Find the cache eviction code and read it.",
     "Find the cache eviction code and get it working."),
    # a stated end state (``endstates``)
    ("Find the cache eviction code. It should report the files.",
     "Find the cache eviction code. It should use an LRU."),
    ("Find the cache eviction code. The end state: it lists the callers.",
     "Find the cache eviction code. The end state: it evicts the oldest keys first."),
    ("Trouve le code d'éviction du cache. Il doit lister les fichiers.",
     "Trouve le code d'éviction du cache. Il doit utiliser un LRU."),
]

# Orders that keep: a noun ending like a pronoun is no verb ("módulos", "tabella"), nor a
# coordinated list of nouns; a look that tells how a thing works.
KEPT = [
    "Encuentra el código de la caché y los módulos.",
    "Elenca i file, la tabella e le colonne della cache.",
    "Busca dónde está el código de la caché y dime qué archivos lo usan.",
    "Find where the cache eviction code lives and tell me how it works.",
    "Find the cache eviction code. The end result should be a list of files.",
    "Find the cache eviction code. It lives in src/cache.",
    "Find where cache eviction is handled and report the files.",
]


@pytest.mark.parametrize(("recovered", "refused"), PAIRS, ids=[p[1][-30:] for p in PAIRS])
def test_enclitic_and_causative_pairs(recovered: str, refused: str) -> None:
    expect_pair(TOOLS, _order(recovered), _order(refused))


@pytest.mark.parametrize("order", KEPT)
def test_kept_orders(order: str) -> None:
    preamble, name, args = _order(order)
    got = recover_after(preamble, TOOLS, (name, args))
    assert got.ok, (order, got.detail)
