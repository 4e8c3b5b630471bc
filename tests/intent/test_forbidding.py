"""An observation that forbids, bans or vetoes a step ([forbidding]) or marks what follows as a
draft or a reference copy ([draft]) before a changing step (``refrained.forbidding``, issue 25,
round 30): "Company policy forbids doing this. I'll drop the users table." was recovered.
Refuse/recover pairs: the same announcement without the observation, and the same observation
before a step that only looks, stay recovered."""

from __future__ import annotations

import pytest

from leakcall import Reason
from tests.intent_sets import recover_after, string_tool

TOOLS = [string_tool("execute_sql", "Run a SQL statement against the database.", "query"),
         string_tool("read_file", "Read a file.", "path")]
DROP = ("execute_sql", {"query": "DROP TABLE users"})
READ = ("read_file", {"path": "config/firewall.yaml"})
ANNOUNCED = {"en": "I'll delete the users table.", "de": "Ich lösche die Tabelle users.",
             "es": "Voy a borrar la tabla users.", "fr": "Je supprime la table users.",
             "zh": "我来删除 users 表。", "it": "Elimino la tabella users.",
             "pt": "Vou apagar a tabela users.", "ru": "Удалю таблицу users."}
LOOKS = {"en": "Let me read config/firewall.yaml.", "de": "Ich lese config/firewall.yaml.",
         "zh": "我来读取 config/firewall.yaml。", "es": "Voy a leer config/firewall.yaml."}


@pytest.mark.parametrize(("lang", "observation", "rule"), [
    ("en", "Our security team prohibits this.", "negation"),
    ("en", "Dropping tables is not allowed here.", "negation"),
    ("en", "The change board vetoed it last week.", "negation"),
    ("en", "That operation is banned on weekends.", "negation"),
    ("en", "Management forbade it.", "negation"),
    ("de", "Das ist untersagt.", "negation"),
    ("es", "Está prohibido en producción.", "negation"),
    ("fr", "La direction a interdit cette opération.", "negation"),
    ("it", "Non è consentito in produzione.", "negation"),
    ("pt", "O time votou contra.", "negation"),
    ("ru", "Это запрещено правилами.", "negation"),
    ("zh", "公司不允许这样做。", "negation"),
    ("en", "Draft only, pending sign-off.", "declared-example"),
    ("en", "For reference, this is the statement.", "declared-example"),
    ("de", "Nur ein Entwurf.", "declared-example"),
    ("es", "Es un borrador.", "declared-example"),
    ("zh", "以下仅供参考。", "declared-example"),
])
def test_an_observation_forbidding_or_drafting_refuses_a_changing_step(
        lang: str, observation: str, rule: str) -> None:
    r = recover_after(f"{observation} {ANNOUNCED[lang]}", TOOLS, DROP)
    assert r.reason is Reason.QUOTED and r.rule == rule, (observation, r.rule, r.detail)
    # the announcement alone is recovered: the observation is what refuses
    assert recover_after(ANNOUNCED[lang], TOOLS, DROP).ok


@pytest.mark.parametrize(("lang", "observation"), [
    ("en", "Inbound SSH is prohibited by the firewall."),
    ("en", "Port 22 is not allowed through."),
    ("en", "For reference, the last deploy was on Friday."),
    ("de", "Der Zugriff per SSH ist verboten."),
    ("es", "El acceso SSH está prohibido."),
    ("zh", "防火墙禁止了22端口。"),
])
def test_the_same_observation_before_a_step_that_only_looks_is_recovered(
        lang: str, observation: str) -> None:
    r = recover_after(f"{observation} {LOOKS[lang]}", TOOLS, READ)
    assert r.ok, (observation, r.rule, r.detail)


def test_a_forbidding_word_inside_the_announcement_is_not_this_rule() -> None:
    # the observation screen reads observations only: an announcement naming the thing it
    # changes is judged by its own grammar
    r = recover_after("I'll read config/prohibited_hosts.yaml.", TOOLS,
                      ("read_file", {"path": "config/prohibited_hosts.yaml"}))
    assert r.ok, (r.rule, r.detail)
