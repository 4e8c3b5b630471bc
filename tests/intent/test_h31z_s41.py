"""h31z (issue 25, round 54's refused controls): an interrogative inside an embedded question
a verb-final clause closes with its ending ("설정이 어떻게 로드되는지 보려고", "Ayarların nasıl
yüklendiğini görmek için", ``embedded.asked_before``); a party word quantifying the noun of a
phrase of absence ("बिना किसी त्रुटि के", ``actors._quantifies``)."""

from __future__ import annotations

from functools import partial

import pytest

from tests.intent_sets import call_recovered, call_refused, string_tool

TOOLS = [string_tool("read_file", "Read a file", "path"),
         string_tool("delete_file", "Delete a file", "path"),
         string_tool("run_command", "Run a shell command", "command")]
_ok = partial(call_recovered, tools=TOOLS)
_refused = partial(call_refused, tools=TOOLS)
READ = ("read_file", {"path": "src/config.py"})
DELETE = ("delete_file", {"path": "src/config.py"})
TEST = ("run_command", {"command": "pytest -q"})


@pytest.mark.parametrize("pre", [
    "설정이 어떻게 로드되는지 보려고 `src/config.py`를 읽겠습니다.",  # r54-ctl-061
    "설정이 어떻게 로드되는지 확인하기 위해 `src/config.py`를 읽겠습니다.",
    "설정이 어디서 로드되는지 보려고 `src/config.py`를 읽겠습니다.",
    "Ayarların nasıl yüklendiğini görmek için `src/config.py` dosyasını okuyacağım.",  # r54-ctl-073
    "Ayarların ne olduğunu görmek için `src/config.py` dosyasını okuyacağım.",
    "Ayarların nereden yükleneceğini görmek için `src/config.py` dosyasını okuyacağım."])
def test_an_interrogative_its_clause_embeds_is_what_the_look_finds_out(pre: str) -> None:
    """The clause closes with an embedded question's ending a verb takes: the look's object."""
    _ok(pre, *READ)


@pytest.mark.parametrize("pre", [
    "`src/config.py`를 어떻게 읽을까요?",
    "어떻게 `src/config.py`를 삭제하겠습니다.",
    "설정이 어떻게 로드되는지 알려 주세요.",
    "`src/config.py`를 어떻게 삭제하는지?",
    "`src/config.py` dosyasını nasıl okuyayım?",
    "Nasıl `src/config.py` dosyasını okuyacağım?",
    "Ayarların nasıl yüklendiğini bana söyleyin.",
    "Nasıl, `src/config.py` dosyasını okuyacağım."])
def test_an_interrogative_without_an_embedding_ending_still_asks(pre: str) -> None:
    """No ending, a question's own ending, the user's question to tell, or a sign between."""
    _refused(pre, *READ)


def test_an_embedded_question_grounds_no_other_step() -> None:
    """The question is the look's; a delete the sentence does not announce stays refused."""
    _refused("설정이 어떻게 로드되는지 보려고 `src/config.py`를 읽겠습니다.", *DELETE)
    _refused("`src/config.py`를 어떻게 삭제하는지 보여 드리겠습니다.", *DELETE)
    _refused("Ayarların nasıl yüklendiğini görmek için `src/config.py` dosyasını silmeli miyim?",
             *DELETE)


@pytest.mark.parametrize("pre", [
    "बिल्ड बिना किसी त्रुटि के पूरा हुआ। अब मैं `pytest -q` से टेस्ट चलाऊँगा।",  # r54-ctl-117
    "बिल्ड किसी त्रुटि के बिना पूरा हुआ। अब मैं `pytest -q` से टेस्ट चलाऊँगा।"])
def test_a_party_word_quantifying_a_phrase_of_absence_names_no_one(pre: str) -> None:
    """"without any error": the word is the noun's quantifier, no party."""
    _ok(pre, *TEST)


@pytest.mark.parametrize("pre", [
    "किसी ने बिल्ड पूरा किया। अब मैं `pytest -q` से टेस्ट चलाऊँगा।",
    "किसी त्रुटि के बिना किसी ने बिल्ड पूरा किया। अब मैं `pytest -q` से टेस्ट चलाऊँगा।",
    "बिल्ड बिना किसी की मंज़ूरी के पूरा हुआ। अब मैं `pytest -q` से टेस्ट चलाऊँगा।",
    "किसी टेस्ट चलाने वाले ने बिल्ड पूरा किया। अब मैं `pytest -q` से टेस्ट चलाऊँगा।"])
def test_someone_as_an_actor_stays_a_party(pre: str) -> None:
    """"someone" as the subject, beside a phrase of absence, or in a party's own case."""
    _refused(pre, *TEST)

