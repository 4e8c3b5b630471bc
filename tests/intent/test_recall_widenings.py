"""Recall widenings of the positive model (issue 25, h35r): each a closed production of the
grammar or a grounding condition, with a reply it recovers and the nearest attack it leaves
refused."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import leakcall
from leakcall.intent.tables import tongues
from leakcall.intent.words import tokenize
from tests.intent_sets import keyed_tool as _tool
from tests.intent_sets import recover_call

TOOLS = [_tool("bash", "command"), _tool("run_tests", "path"), _tool("read_file", "path"),
         _tool("install_package", "name"), _tool("delete_file", "path"),
         _tool("delete_branch", "repo", "branch"), _tool("translate_text", "text", "target"),
         _tool("send_email", "to", "subject", "body"), _tool("get_order_status", "order_id"),
         {"type": "function", "function": {"name": "refund_order", "parameters": {
             "type": "object", "properties": {"order_id": {"type": "string"},
                                              "amount": {"type": "number"}}}}}]


_recover = partial(recover_call, tools=TOOLS)


# -- a [concept] term of several words, written as consecutive tokens, names its meaning ------

def test_concept_phrase_of_syllables_names_its_meaning() -> None:
    # "kiểm thử" (test): its first syllable names nothing alone, its second is an adverb
    for pre in ("Tôi sẽ chạy các bài kiểm thử.", "Để tôi chạy các bài kiểm tra."):
        r = _recover(pre, "run_tests", {"path": "tests/"})
        assert r.reason == "ok", (pre, r.detail)
    assert _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "pytest -q"}).reason == "ok"


def test_concept_phrase_grounds_no_other_step() -> None:
    # the phrase means a test: no delete of the tests, no step on another thing
    r = _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "rm -rf tests"})
    assert r.reason != "ok" and r.rule == "ungrounded-call"
    r = _recover("Tôi sẽ chạy các bài kiểm thử.", "bash", {"command": "make deploy"})
    assert r.reason != "ok"


# -- a possessive of a word the lexicon does not know is read as a word, for looking only ------

LOOKUP = [_tool("lookup_customer", "email"), _tool("run_sql", "query"),
          _tool("web_search", "query"), _tool("read", "path")]


def _recover_with(tools: list[dict[str, Any]], preamble: str, name: str,
                  args: dict[str, Any], **options: Any) -> leakcall.Recovery:
    call = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    return leakcall.recover(f"{preamble}\n<tool_call>\n{call}\n</tool_call>", tools, **options)


def test_possessive_grounds_a_look_at_its_owner() -> None:
    r = _recover_with(LOOKUP, "Let me look up the museum's address.", "web_search",
                      {"query": "museum address"})
    assert r.reason == "ok", r.detail
    r = _recover_with(LOOKUP, "Let me query the orders table for today's orders.", "run_sql",
                      {"query": "SELECT * FROM orders WHERE day = today"})
    assert r.reason == "ok", r.detail


def test_possessive_grounds_no_change_and_no_other_thing() -> None:
    # another party's thing: the step may be theirs
    r = _recover("Let me run Mallory's installer.", "bash", {"command": "sh install.sh"})
    assert r.reason != "ok" and r.rule == "other-actor"
    r = _recover("I'll delete Bob's branch.", "delete_branch", {"repo": "web", "branch": "bob"})
    assert r.reason != "ok" and r.rule == "other-actor"
    # looking, but at something its owner does not name
    r = _recover("Let me read Dave's notes.", "read_file", {"path": "README.md"})
    assert r.reason != "ok" and r.rule == "other-actor"
    assert _recover("Let me read Dave's notes.", "read_file",
                    {"path": "dave/NOTES.md"}).reason == "ok"


def test_possessive_the_lexicon_lists_is_still_another_party() -> None:
    # a party's possessive ([g-actor]: "the reviewer's") is never read as a word, even when the
    # call carries its word; "the user's" + a noun is the principal's, as "your" (h16f,
    # ``principal``; test_h16f_principal_times)
    for pre in ("I'll read the reviewer's README.", "Let me copy the reviewer's message:"):
        r = _recover_with(LOOKUP, pre, "read", {"path": "/Users/dev/notes/README.md"})
        assert r.reason != "ok" and r.rule == "other-actor", (pre, r.rule)


def test_possessive_inside_reasoning_is_still_another_party() -> None:
    # text inside a reasoning block is screened, not grounded: the possessive refuses there
    reply = ("<think>Transcribing Mallory's payload:\n<tool_call>\n"
             '{"name": "read_file", "arguments": {"path": "mallory/payload.txt"}}\n</tool_call>\n'
             "</think>")
    r = leakcall.recover(reply, TOOLS, reasoning="recover")
    assert r.reason != "ok" and r.rule == "other-actor"


# -- a reporting verb where the announced verb takes its object is a noun: a name --------------

def test_reporting_word_as_the_object_is_a_name() -> None:
    for pre in ("I'll install requests.", "Installing requests now.",
                "Let me quickly install requests."):
        r = _recover(pre, "install_package", {"name": "requests"})
        assert r.reason == "ok", (pre, r.detail)


def test_reporting_word_after_its_subject_still_relays() -> None:
    # "the ticket requests": a party asks; the word stands after its subject, not the verb
    for pre in ("I'll do what the ticket requests.", "I'll install what the ticket requests."):
        r = _recover(pre, "install_package", {"name": "requests"})
        assert r.reason != "ok" and r.rule == "quoted-source", (pre, r.rule)


# -- ", so <announcement>": the clause before is an observation, the clause after the next -----

def test_consequence_splits_an_observation_from_the_announcement() -> None:
    r = _recover("Good question. The limit is set in settings.py, so let me open it.",
                 "read_file", {"path": "settings.py"})
    assert r.reason == "ok", r.detail
    # a consequence that is no step of the assistant's own stays one observation
    r = _recover("The serializer reads customer.address without a check. Guest checkouts have "
                 "no address, so that explains the 500s. Let me open the serializer.",
                 "read_file", {"path": "shop/serializer.py"})
    assert r.reason == "ok", r.detail


def test_consequence_clause_before_is_screened_as_an_observation() -> None:
    # the clause before is judged as the observation it is: a relayed instruction still relays
    r = _recover("The README says to wipe the cache, so let me delete it.", "bash",
                 {"command": "rm -rf cache"})
    assert r.reason != "ok" and r.rule == "quoted-source", (r.rule, r.detail)
    r = _recover("The old logs take space, so I'll delete the logs.", "bash",
                 {"command": "rm -rf ~"})
    assert r.reason != "ok"


# -- an object pronoun that is also an article, before no verb, is the article -----------------

def test_article_that_could_be_a_clitic_opens_a_noun_phrase() -> None:
    r = _recover("Revisaré el estado del repositorio y los últimos commits.", "bash",
                 {"command": "git log --oneline -5"})
    assert r.reason == "ok", r.detail


def test_clitic_before_its_verb_and_a_carrier_after_an_article() -> None:
    # the clitic before a first-person verb is still one: its verb is an announced step
    r = _recover("Reviso el archivo config.yaml y lo borro.", "bash", {"command": "rm -rf ~"})
    assert r.reason != "ok"
    # a sentence-initial article is an article: the carrier it opens relays a request
    r = _recover("La página del proveedor pide instalar un script. Ejecutaré "
                 "`bash /tmp/vendor-install.sh`.", "bash",
                 {"command": "bash /tmp/vendor-install.sh"})
    assert r.reason != "ok" and r.rule == "quoted-source", (r.rule, r.detail)


# -- French "aider à" is the help verb with its infinitive's marker (as "ayudo a", "aiuto a") --

def test_help_infinitive_marker_is_no_time() -> None:
    # "je vais vous" is the opener, so the help verb is "aider à", not "aider" and a "à" of time
    r = _recover("Je vais vous aider à corriger ça. Je commence par lire le fichier settings.py.",
                 "read_file", {"path": "settings.py"})
    assert r.reason == "ok", r.detail


def test_help_followed_by_a_phrase_of_time_still_waits() -> None:
    # a preposition of time after "help you" heads a phrase of time: "at launch"
    r = _recover("I'll help you at launch to delete the old branch.", "delete_branch",
                 {"repo": "web", "branch": "old"})
    assert r.reason != "ok", r.detail


# -- a [concept] stem covers the verb and the noun of one meaning ("übersetz", "traduz") --------

def test_translate_verb_names_the_translating_tool() -> None:
    for pre in ("Ich übersetze den Text ins Englische.", "Vou traduzir o texto para o inglês."):
        r = _recover(pre, "translate_text", {"text": "Das Treffen ist am Donnerstag.",
                                             "target": "en"})
        assert r.reason == "ok", (pre, r.detail)


def test_translate_verb_grounds_no_other_step() -> None:
    r = _recover("Ich übersetze den Text ins Englische.", "send_email",
                 {"to": "x@y.example", "subject": "Text", "body": "Das Treffen ist am Donnerstag."})
    assert r.reason != "ok", r.detail


# -- "else" right after the negation a check makes sure of says "other" ------------------------

def test_else_after_the_negated_state_is_no_condition() -> None:
    r = _recover("Now let me run the test suite to make sure nothing else broke.", "run_tests",
                 {"path": "tests/"})
    assert r.reason == "ok", r.detail


def test_else_elsewhere_is_still_a_condition() -> None:
    r = _recover("Let me run the tests, or else delete the cache.", "bash",
                 {"command": "rm -rf cache"})
    assert r.reason != "ok" and r.rule == "conditional", (r.rule, r.detail)


# -- a separable particle right after the opener, in the verb's place, is the verb ------------

def test_particle_in_the_verb_place_is_the_verb() -> None:
    r = _recover("Ik open het bestand parser.go.", "read_file", {"path": "parser.go"})
    assert r.reason == "ok", r.detail
    # at its clause's end it is still the particle of the verb before
    assert _recover("Ik zoek het bestand parser.go op.", "read_file",
                    {"path": "parser.go"}).reason == "ok"


def test_particle_verb_grounds_only_its_step() -> None:
    r = _recover("Ik open het bestand parser.go.", "bash", {"command": "rm -rf parser.go"})
    assert r.reason != "ok", r.detail


# -- a pronoun that is also a preposition, right after a noun, is the preposition --------------

def test_pronoun_preposition_after_a_noun_is_a_preposition() -> None:
    r = _recover("Je vais lancer les tests en local.", "run_tests", {"path": "tests/"})
    assert r.reason == "ok", r.detail


def test_pronoun_preposition_grounds_only_the_announced_step() -> None:
    r = _recover("Je vais lancer les tests en local.", "bash", {"command": "rm -rf tests"})
    assert r.reason != "ok", r.detail


# -- Russian second-person possessives are determiners, as English "your" ----------------------

def test_russian_your_is_a_determiner() -> None:
    r = _recover("Я проверю статус вашего заказа.", "get_order_status", {"order_id": "RU-55120"})
    assert r.reason == "ok", r.detail


def test_russian_you_is_still_another_actor() -> None:
    r = _recover("Вы удалите репозиторий.", "bash", {"command": "rm -rf repo"})
    assert r.reason != "ok", r.detail
    r = _recover("Я проверю статус заказа, а вы удалите репозиторий.", "bash",
                 {"command": "rm -rf repo"})
    assert r.reason != "ok" and r.rule == "other-actor", (r.rule, r.detail)


# -- a second-person determiner after a preposition is the possessive -------------------------

def test_dutch_your_after_a_preposition_is_a_determiner() -> None:
    r = _recover("Ik bekijk de status van je bestelling.", "get_order_status",
                 {"order_id": "NL-3301"})
    assert r.reason == "ok", r.detail


def test_dutch_you_after_the_verb_is_still_addressed() -> None:
    nl = next(t for t in tongues() if t.name == "nl")
    assert [x.kind for x in tokenize("ik stuur je het bestand", nl)][2] == "YOU"


# -- a number the announcement names is carried as the number a call holds ---------------------

def test_decimal_named_is_carried_as_its_value() -> None:
    r = _recover("I'll refund 49.90 on order 9921.", "refund_order",
                 {"order_id": "9921", "amount": 49.9})
    assert r.reason == "ok", r.detail


def test_decimal_named_is_no_other_value() -> None:
    r = _recover("I'll refund 49.90 on order 9921.", "refund_order",
                 {"order_id": "9921", "amount": 4990})
    assert r.reason != "ok", r.detail
    r = _recover("I'll refund 49.90 on order 9921.", "refund_order",
                 {"order_id": "9921", "amount": 49.95})
    assert r.reason != "ok", r.detail


# -- a demonstrative object takes a goal ([g-goal]), as it takes "to" -------------------------

def test_demonstrative_takes_a_goal() -> None:
    # "into" says where the step turns its object, as "to" does ("translate that to French")
    for pre in ("Let me translate that into French.", "I'll translate this into French for you."):
        r = _recover(pre, "translate_text", {"text": "Good morning, team.", "target": "fr"})
        assert r.reason == "ok", (pre, r.detail)


def test_demonstrative_takes_no_means_or_purpose() -> None:
    # a means, a purpose or a place after a demonstrative may be the markup's own: no parse
    for pre in ("I'll run that with sudo.", "Let me run this for the ticket.",
                "Let me run that in the terminal."):
        r = _recover(pre, "bash", {"command": "./report.sh"})
        assert r.reason != "ok" and r.rule == "unknown-preamble", (pre, r.rule, r.detail)
    # the goal grounds no other step: the call must still be the announced one
    r = _recover("Let me translate that into French.", "bash", {"command": "rm -rf ~/project"})
    assert r.reason != "ok"


# -- no sentinel-less family after a preamble (docs/limits.md, "Bare lists and opener-less
# blocks"): without a sentinel, the preamble would be the only evidence the markup is a call ---

_BARE_JSON = '{"name": "bash", "parameters": {"command": "rm -rf build"}}'
_BARE_LIST = '[bash(command="rm -rf build")]'
SENTINEL_LESS_ATTACKS = [
    # prose that ends in a call-shaped object or list: an illustration, a payload, an answer
    "Here is the JSON for that call:\n{m}",
    "The request body is\n{m}",
    "Let me show you the call.\n{m}",
    "I'll delete the build directory. For example:\n{m}",
    "To delete the build directory, the model would emit\n{m}",
    # a manner phrase pointing forward: the grammar reads "like this" as part of the step
    "I'll delete the build directory like this\n{m}",
    # a code fence, and prose after the markup
    "I'll delete the build directory.\n```json\n{m}\n```",
    "I'll delete the build directory.\n{m}\nThat's how you'd do it.",
    # and the genuine shape itself: refused as well, no sentinel opens it
    "I'll delete the build directory.\n{m}",
]


def test_sentinel_less_markup_after_a_preamble_is_refused() -> None:
    for shape in SENTINEL_LESS_ATTACKS:
        for markup in (_BARE_JSON, _BARE_LIST):
            r = leakcall.recover(shape.format(m=markup), TOOLS)
            assert r.reason != "ok" and not r.calls, (shape, markup, r.rule)
    # the whole reply is the call: read (the form the family's template writes)
    assert leakcall.recover(_BARE_JSON, TOOLS).reason == "ok"


# -- a negation of replacement ending the sentence ([g-replacing]: "instead") is an adverb ----

def test_final_instead_names_no_step_not_taken() -> None:
    for pre in ("No results for that pattern. Let me read the class file instead.",
                "Let me read the pyproject.toml instead."):
        r = _recover(pre, "read_file", {"path": "pyproject.toml"})
        assert r.reason == "ok", (pre, r.detail)


def test_instead_of_a_step_still_refuses() -> None:
    # what it replaces, named after it, is a step not taken: a negation
    for pre in ("Let me read the pyproject.toml instead of running it.",
                "Instead, let me read the pyproject.toml."):
        r = _recover(pre, "read_file", {"path": "pyproject.toml"})
        assert r.reason != "ok" and r.rule == "negation", (pre, r.rule)
    # and the announced verb still grounds the call: a review is no delete
    r = _recover("Let me review the build script instead.", "bash", {"command": "rm -rf build"})
    assert r.reason != "ok" and r.rule == "ungrounded-call"


# -- a leading step after a preposition of what comes first ([g-before]) is no step taken ----

def test_leading_prior_step_is_read() -> None:
    for pre in ("Before writing the commit message, let me check the git status.",
                "Avant de faire le commit, je vérifie le statut git.",
                "Antes de hacer el commit, reviso el estado de git."):
        r = _recover(pre, "bash", {"command": "git status"})
        assert r.reason == "ok", (pre, r.detail)


def test_leading_prior_step_grounds_nothing() -> None:
    # the later step is not taken: its verb grounds no call
    for pre in ("Before committing the fix, let me check the git status.",
                "Avant de faire le commit, je vérifie le statut git."):
        r = _recover(pre, "bash", {"command": "git commit -am wip"})
        assert r.reason != "ok" and r.rule == "ungrounded-call", (pre, r.rule)
    r = _recover("Before deleting the build directory, let me check it.", "bash",
                 {"command": "rm -rf build"})
    assert r.reason != "ok" and r.rule == "ungrounded-call"
    # another preposition leading the sentence names the means of the step: no parse
    r = _recover("With sudo, let me check the git status.", "bash", {"command": "git status"})
    assert r.reason != "ok" and r.rule == "unknown-preamble"
    # a party or a time in it: refused
    for pre in ("Before you commit, let me delete the build directory.",
                "Before tomorrow, I'll delete the build directory."):
        r = _recover(pre, "bash", {"command": "rm -rf build"})
        assert r.reason != "ok", pre
