"""The proxy's lazy and reused values (issue 27, item 3): the request's id salt computed only
when an id is minted (``LazySalt``), the request body's decoder built once, the decision
metric's children looked up once. Each gives what the eager path gives, and keeps nothing
unbounded."""

from __future__ import annotations

import json
import pickle

import pytest

from leakcall import Recoverer
from leakcall._wire import lazy_request_salt, request_salt
from leakcall.ids import LazySalt, call_id_of, salt_text
from leakcall.ops import Metrics
from leakcall.proxy.app import _SAMPLE_REPLY, _SAMPLE_TOOLS
from leakcall.proxy.repair import _loads, _parse_int, prepare, prepare_known

PAYLOAD = {"model": "m", "system": "be brief", "tools": _SAMPLE_TOOLS, "stream": True,
           "messages": [{"role": "user", "content": "read config.yml, then run the tests"}]}
CLEAN = "The tests pass; nothing to change in config.yml."


def _lazy() -> LazySalt:
    return lazy_request_salt(PAYLOAD)


def test_lazy_salt_mints_the_eager_ids() -> None:
    rc = Recoverer(_SAMPLE_TOOLS)
    eager = rc.recover(_SAMPLE_REPLY, id_salt=request_salt(PAYLOAD))
    lazy = _lazy()
    got = rc.recover(_SAMPLE_REPLY, id_salt=lazy)
    assert eager.ok and got == eager
    assert [c.id for c in got.calls] == [c.id for c in eager.calls]
    assert lazy.computed and lazy._arg is None  # computed once; the payload is not kept


def test_lazy_salt_streamed_mints_the_eager_ids() -> None:
    rc = Recoverer(_SAMPLE_TOOLS)
    outs = []
    for salt in (request_salt(PAYLOAD), _lazy()):
        s = rc.stream(id_salt=salt)
        shown = [s.feed(_SAMPLE_REPLY[i : i + 7]) for i in range(0, len(_SAMPLE_REPLY), 7)]
        end = s.close()
        outs.append((shown, end.recovery))
    assert outs[0] == outs[1] and outs[0][1].ok


@pytest.mark.parametrize("text", [CLEAN, "", "[1] First, {curly} braces."])
def test_lazy_salt_is_not_computed_for_a_reply_without_a_call(text: str) -> None:
    rc = Recoverer(_SAMPLE_TOOLS)
    lazy = _lazy()
    assert rc.recover(text, id_salt=lazy) == rc.recover(text, id_salt=request_salt(PAYLOAD))
    s = rc.stream(id_salt=lazy)
    s.feed(text)
    s.close()
    assert not lazy.computed


def test_salt_text_and_call_id_of_read_the_value() -> None:
    lazy = _lazy()
    assert salt_text("abc") == "abc"
    assert call_id_of(lazy, 0, "bash", b"{}") == call_id_of(request_salt(PAYLOAD), 0, "bash", b"{}")
    assert salt_text(lazy) == request_salt(PAYLOAD)


def test_a_lazy_salt_computes_once() -> None:
    calls: list[object] = []

    def salt(arg: object) -> str:
        calls.append(arg)
        return "s"

    lazy = LazySalt(salt, "context")
    assert not lazy.computed and lazy.value == "s" and lazy.value == "s"
    assert calls == ["context"] and lazy._arg is None


def test_the_request_check_salts_lazily_and_pickles_the_value() -> None:
    body = json.dumps(PAYLOAD).encode()
    for prep in (prepare(body, "ignore", "chat_completions"),
                 prepare_known(body, "ignore", "chat_completions")):
        assert prep is not None and prep.repair is not None
        assert isinstance(prep.repair.salt, LazySalt) and not prep.repair.salt.computed
        back = pickle.loads(pickle.dumps(prep.repair))  # a worker process gets the str
        assert back.salt == request_salt(PAYLOAD) and back.recoverer is None


@pytest.mark.parametrize("body", [
    b'{"a": 1, "b": [1.5, -2, 1e3], "c": "\\u00e9"}',
    ("{\"n\": " + "9" * 4500 + "}").encode(),
    json.dumps({"x": "é"}, ensure_ascii=False).encode("utf-16"),
    json.dumps({"x": "é"}, ensure_ascii=False).encode("utf-32-le"),
    b"\xef\xbb\xbf{}", b"{", b"[1, 2", b"\xff\xfe\x00", b"", b'"\\ud800"', b"nul",
])
def test_the_body_decoder_is_json_loads(body: bytes) -> None:
    def eager() -> object:
        return json.loads(body, parse_int=_parse_int)

    try:
        want: object = ("ok", eager())
    except ValueError as e:
        want = ("error", type(e), str(e))
    try:
        got: object = ("ok", _loads(body))
    except ValueError as e:
        got = ("error", type(e), str(e))
    assert got == want


def test_decision_children_are_looked_up_once() -> None:
    m = Metrics()
    for _ in range(3):
        m.decided("recovered", "hermes", 2)
        m.decided("no_markup", "", 0)
    assert m.decisions.labels("recovered", "hermes")._value.get() == 3
    assert m.decisions.labels("no_markup", "")._value.get() == 3
    assert m.recovered._value.get() == 6
    assert len(m._decided) == 2  # one child per (reason, family): the label sets' own bound


def test_a_lazy_salt_compares_as_its_value() -> None:
    lazy = _lazy()
    assert repr(lazy) == "LazySalt(<not computed>)"  # shown without computing it
    assert lazy == request_salt(PAYLOAD) and lazy == _lazy() and lazy != "other"
    assert hash(lazy) == hash(request_salt(PAYLOAD))
