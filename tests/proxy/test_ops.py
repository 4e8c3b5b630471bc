"""``leakcall serve`` as an operator runs it, through real processes on loopback: two workers
behind the openai client (health, ready, metrics summed across workers, 413, 401, key injection,
one header each, log fields, x-leakcall-reason), no replay of a request the upstream may have
received, the app factory and the Dockerfile's entrypoint command, and a bounded load test.

The stub upstream and the proxy launcher are those of ``test_serve``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

openai = pytest.importorskip("openai")
httpx = pytest.importorskip("httpx")
pytest.importorskip("prometheus_client")

from leakcall.ops import READY_TTL  # noqa: E402
from tests.proxy.test_serve import (  # noqa: E402
    CASES,
    Proxy,
    StubState,
    ThreadServer,
    _a_recoverable_case,
    _collect,
    _expected,
    _free_port,
    _user,
    _want,
    stub_app,
)

pytestmark = pytest.mark.heavy

ROOT = Path(__file__).resolve().parents[2]
KEY = "sk-proxy-key"
UPSTREAM_KEY = "sk-upstream-secret"
MAX_BODY = 50_000


class EnvProxy(Proxy):
    """``Proxy`` with extra environment variables (the settings given as ``LEAKCALL_*``)."""

    def __init__(self, upstream: str, log: Path, env: dict[str, str], *extra: str) -> None:
        saved = dict(os.environ)
        os.environ.update(env)
        try:
            super().__init__(upstream, log, *extra)
        finally:
            os.environ.clear()
            os.environ.update(saved)

    def client(self, key: str = KEY) -> Any:  # type: ignore[override]
        return openai.OpenAI(base_url=self.base, api_key=key, max_retries=0, timeout=20)

    def ready_for_requests(self, http: Any) -> EnvProxy:
        """Wait until a worker answers (uvicorn prints its address before workers start). Each
        worker warms up first; two of them on a shared 2-core machine at load 8 took over 30 s."""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                if http.get(f"http://127.0.0.1:{self.port}/leakcall/health").status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(self.log.read_text(errors="replace"))


class Mute:
    """An upstream that reads each request and closes the connection without answering."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.requests = 0
        self._stop = False
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while not self._stop:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    if conn.recv(65536):
                        self.requests += 1
                except OSError:
                    pass

    def close(self) -> None:
        self._stop = True
        self.sock.close()


@dataclass
class Ops:
    state: StubState
    proxy: EnvProxy  # 2 workers, keys and max body from LEAKCALL_* variables
    mute_proxy: EnvProxy  # in front of Mute
    mute: Mute
    http: Any
    logs: Path
    stub_root: str
    ready_at: float = float("-inf")  # when the last /leakcall/ready of ``proxy`` was answered


def _expire_ready(ops: Ops) -> None:
    """Wait until a probe ``proxy`` made for an earlier /leakcall/ready has expired, so the next
    one probes: READY_TTL (and a margin) after the last answer, not a fixed sleep; no wait when
    no /leakcall/ready reached it yet (it probes on its first)."""
    time.sleep(max(0.0, ops.ready_at + READY_TTL + 0.2 - time.monotonic()))


@pytest.fixture(scope="module")
def ops(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ops]:
    state = StubState()
    logs = tmp_path_factory.mktemp("ops")
    mute = Mute()
    proxies: list[EnvProxy] = []
    with ThreadServer(stub_app(state)) as stub:
        root = f"http://127.0.0.1:{stub.port}"
        try:
            proxies.append(EnvProxy(root, logs / "two.log", {
                "LEAKCALL_API_KEY": KEY, "LEAKCALL_UPSTREAM_API_KEY": UPSTREAM_KEY,
                "LEAKCALL_MAX_BODY": str(MAX_BODY), "LEAKCALL_WORKERS": "2"},
                "--port", str(_free_port())))
            proxies.append(EnvProxy(f"http://127.0.0.1:{mute.port}", logs / "mute.log", {}))
            with httpx.Client(timeout=20) as http:
                for p in proxies:
                    p.wait_ready().ready_for_requests(http)
                yield Ops(state, proxies[0], proxies[1], mute, http, logs, root)
        finally:
            for p in proxies:
                p.stop()
            mute.close()


def _metrics(ops: Ops) -> dict[str, float]:
    """Samples of GET /leakcall/metrics: ``name{labels}`` -> value."""
    r = ops.http.get(f"http://127.0.0.1:{ops.proxy.port}/leakcall/metrics",
                     headers={"authorization": f"Bearer {KEY}"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    out = {}
    for line in r.text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


def _sample(m: dict[str, float], name: str, **labels: str) -> float:
    """The sum of a metric's samples whose labels include ``labels``."""
    total = 0.0
    for key, value in m.items():
        base, _, rest = key.partition("{")
        if base != name:
            continue
        have = dict(re.findall(r'(\w+)="([^"]*)"', rest))
        if all(have.get(k) == v for k, v in labels.items()):
            total += value
    return total


def _settled(ops: Ops, before: dict[str, float], want: dict[tuple[str, tuple[tuple[str, str], ...]], float]
             ) -> dict[str, float]:
    """Metrics once every ``(name, labels)`` grew by its wanted amount since ``before`` (a request is
    counted when its response ends, which a client that stops at ``[DONE]`` may not wait for);
    the last scrape after 5 s otherwise."""
    deadline = time.monotonic() + 5
    while True:
        after = _metrics(ops)
        if all(_sample(after, name, **dict(labels)) - _sample(before, name, **dict(labels)) == n
               for (name, labels), n in want.items()) or time.monotonic() > deadline:
            return after
        time.sleep(0.1)


def _requests(ops: Ops) -> list[dict[str, Any]]:
    return [x for x in ops.proxy.log_lines() if x["event"] == "request"]


# --- probes and keys -------------------------------------------------------------------------------


def test_health_and_ready_need_no_key(ops: Ops) -> None:
    base = f"http://127.0.0.1:{ops.proxy.port}/leakcall"
    r = ops.http.get(f"{base}/health")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    _expire_ready(ops)  # an earlier probe's answer has expired: this one probes
    seen = len(ops.state.requests)
    r = ops.http.get(f"{base}/ready")
    ops.ready_at = time.monotonic()
    assert r.status_code == 200 and r.json()["status"] == "ready"
    method, path, _, headers = ops.state.requests[seen]
    assert (method, path) == ("GET", "/v1/models")
    assert headers["authorization"] == f"Bearer {UPSTREAM_KEY}"
    # an upstream that answers nothing: not ready, and the probe says why
    r = ops.http.get(f"http://127.0.0.1:{ops.mute_proxy.port}/leakcall/ready")
    assert r.status_code == 503 and r.json()["status"] == "unavailable"
    assert "RemoteProtocolError" in r.json()["detail"]


def _probes(ops: Ops) -> int:
    return sum(1 for m, path, *_ in ops.state.requests if (m, path) == ("GET", "/v1/models"))


def test_ready_probes_the_upstream_once_per_ttl_and_hides_it_without_the_key(ops: Ops) -> None:
    """Issue 26: a flood of /leakcall/ready reaches the upstream at most once per worker per
    READY_TTL, and the upstream's address is shown only with the API key."""
    url = f"http://127.0.0.1:{ops.proxy.port}/leakcall/ready"
    _expire_ready(ops)
    before = _probes(ops)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: ops.http.get(url), range(40)))
    ops.ready_at = time.monotonic()
    assert all(r.status_code == 200 for r in answers)
    assert _probes(ops) - before <= 2  # two workers, one probe each at most
    assert all("upstream" not in r.json() for r in answers)
    keyed = ops.http.get(url, headers={"authorization": f"Bearer {KEY}"}).json()
    ops.ready_at = time.monotonic()
    assert keyed["upstream"].startswith("http://127.0.0.1:")


def test_the_proxy_owns_its_request_id_and_its_headers(ops: Ops) -> None:
    """Issue 26: the upstream's x-request-id moves to x-upstream-request-id, and an
    x-leakcall-* header the upstream sent never reaches the client."""
    r = ops.http.get(f"{ops.proxy.base}/models", headers={"authorization": f"Bearer {KEY}"})
    assert r.status_code == 200 and r.headers["x-stub"] == "models"
    assert r.headers.get_list("x-request-id") == [r.headers["x-request-id"]] != ["up-123"]
    assert r.headers["x-upstream-request-id"] == "up-123"
    assert "x-leakcall-reason" not in r.headers


def test_api_key_is_required_and_checked(ops: Ops) -> None:
    case = _a_recoverable_case()
    before = len(ops.state.requests)
    with pytest.raises(openai.AuthenticationError) as err:
        ops.proxy.client("sk-wrong").chat.completions.create(
            model="stub", messages=_user("text:hi"), tools=case.tools)
    assert err.value.status_code == 401 and "API key" in err.value.message
    url = f"{ops.proxy.base}/models"
    r = ops.http.get(url)
    assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer")
    assert r.json()["error"]["code"] == "leakcall_unauthorized"
    assert ops.http.get(f"http://127.0.0.1:{ops.proxy.port}/leakcall/metrics").status_code == 401
    assert ops.http.get(url, headers={"authorization": f"Bearer {KEY}x"}).status_code == 401
    assert len(ops.state.requests) == before  # nothing refused was forwarded
    assert ops.http.get(url, headers={"x-api-key": KEY}).status_code == 200
    assert ops.http.get(url, headers={"authorization": f"Bearer {KEY}"}).status_code == 200


def test_metrics_are_open_without_keys_and_take_the_api_key_when_set(ops: Ops) -> None:
    """Issue 26: with no key set, /leakcall/metrics answers anyone; with --api-key, only the key."""
    r = ops.http.get(f"http://127.0.0.1:{ops.mute_proxy.port}/leakcall/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    url = f"http://127.0.0.1:{ops.proxy.port}/leakcall/metrics"
    for headers in ({}, {"authorization": f"Bearer {KEY}x"}, {"x-api-key": "sk-wrong"}):
        r = ops.http.get(url, headers=headers)
        assert r.status_code == 401 and r.json()["error"]["code"] == "leakcall_unauthorized"
    for headers in ({"authorization": f"Bearer {KEY}"}, {"x-api-key": KEY}):
        assert ops.http.get(url, headers=headers).status_code == 200


def test_metrics_key_replaces_the_api_key_for_metrics_alone(ops: Ops) -> None:
    """Issue 26: with --metrics-key, GET /leakcall/metrics takes that key and not the API key; the
    metrics key opens nothing else, and /leakcall/health still needs no key."""
    metrics_key = "sk-metrics-only"
    proxy = EnvProxy(ops.stub_root, ops.logs / "metrics-key.log", {"LEAKCALL_API_KEY": KEY},
                     "--metrics-key", metrics_key)
    try:
        proxy.wait_ready()
        base = f"http://127.0.0.1:{proxy.port}"
        url = f"{base}/leakcall/metrics"
        for headers in ({}, {"authorization": f"Bearer {KEY}"}, {"x-api-key": KEY},
                        {"authorization": f"Bearer {metrics_key}x"}):
            r = ops.http.get(url, headers=headers)
            assert r.status_code == 401 and r.headers["www-authenticate"].startswith("Bearer")
            assert r.json()["error"]["code"] == "leakcall_unauthorized"
            assert "metrics key" in r.json()["error"]["message"]
        for headers in ({"authorization": f"Bearer {metrics_key}"}, {"x-api-key": metrics_key}):
            r = ops.http.get(url, headers=headers)
            assert r.status_code == 200 and "leakcall_requests_total" in r.text
        before = len(ops.state.requests)
        for method, path in (("GET", "/v1/models"), ("POST", "/leakcall/metrics")):
            r = ops.http.request(method, base + path, headers={"x-api-key": metrics_key})
            assert r.status_code == 401, (method, path)
        assert len(ops.state.requests) == before  # the metrics key forwarded nothing
        assert ops.http.get(f"{proxy.base}/models", headers={"x-api-key": KEY}).status_code == 200
        r = ops.http.get(f"{base}/leakcall/health")
        assert r.status_code == 200 and r.json()["status"] == "ok"
    finally:
        proxy.stop()


def test_upstream_key_replaces_the_client_key(ops: Ops) -> None:
    seen = len(ops.state.requests)
    done = ops.proxy.client().chat.completions.create(model="stub", messages=_user("text:hi"))
    assert done.choices[0].message.content == "hi"
    ops.http.get(f"{ops.proxy.base}/models", headers={"x-api-key": KEY})
    (_, _, _, first), (_, _, _, second) = ops.state.requests[seen : seen + 2]
    assert first["authorization"] == f"Bearer {UPSTREAM_KEY}" and "x-api-key" not in first
    assert second["x-api-key"] == UPSTREAM_KEY
    assert all(KEY not in v for h in (first, second) for v in h.values())


def test_body_over_max_body_is_413(ops: Ops) -> None:
    before = len(ops.state.requests)
    with pytest.raises(openai.APIStatusError) as err:
        ops.proxy.client().chat.completions.create(model="stub",
                                                   messages=_user("x" * (MAX_BODY + 10)))
    assert err.value.status_code == 413 and "--max-body" in err.value.message
    assert len(ops.state.requests) == before


# --- replies ---------------------------------------------------------------------------------------


def test_no_replay_and_a_502_that_says_what_happened(ops: Ops) -> None:
    before = ops.mute.requests
    client = openai.OpenAI(base_url=ops.mute_proxy.base, api_key="x", max_retries=0, timeout=20)
    with pytest.raises(openai.InternalServerError) as err:
        client.chat.completions.create(model="stub", messages=_user("text:hi"),
                                       tools=_a_recoverable_case().tools)
    client.close()
    assert err.value.status_code == 502
    assert "closed the connection without answering" in err.value.message
    assert "not sent again" in err.value.message
    deadline = time.monotonic() + 2
    while ops.mute.requests == before and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.3)  # a replay would have arrived by now
    assert ops.mute.requests == before + 1
    assert any(x["event"] == "error" and x["reason"] == "upstream_no_answer"
               for x in ops.mute_proxy.log_lines())


def _one_each(headers: Any) -> None:
    for name in ("server", "date"):
        assert len(headers.get_list(name)) == 1, (name, headers)
    assert len(headers.get_list("cache-control")) <= 1


def test_one_server_date_cache_control_header_each(ops: Ops) -> None:
    case = _a_recoverable_case()
    auth = {"authorization": f"Bearer {KEY}"}
    r = ops.http.get(f"{ops.proxy.base}/models", headers=auth)  # relayed: the stub sent both
    assert r.headers["x-stub"] == "models"
    _one_each(r.headers)
    body = {"model": "stub", "messages": _user(f"case:{case.id}"), "tools": case.tools}
    for stream in (False, True):
        r = ops.http.post(f"{ops.proxy.base}/chat/completions", json={**body, "stream": stream},
                          headers=auth)
        assert r.status_code == 200
        _one_each(r.headers)
    assert r.headers["cache-control"] == "no-cache"
    _one_each(ops.http.get(f"http://127.0.0.1:{ops.proxy.port}/leakcall/health").headers)


def test_reason_header_and_log_fields(ops: Ops) -> None:
    ok = _a_recoverable_case()
    refused = next(c for c in CASES.values() if not c.options
                   and not _expected(c, f"case:{c.id}").ok and c.tools)
    raw = ops.proxy.client().with_raw_response
    for case in (ok, refused):
        order = f"case:{case.id}"
        want = _expected(case, order)
        resp = raw.chat.completions.create(model="stub-model", messages=_user(order),
                                           tools=case.tools)
        assert resp.headers["x-leakcall-reason"] == str(want.reason)
        rid = resp.headers["x-request-id"]
        deadline = time.monotonic() + 5
        while not (line := [x for x in _requests(ops) if x["request"] == rid]):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        got = line[0]
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", got["ts"])
        assert (got["model"], got["status"], got["route"]) == ("stub-model", 200, "chat_completions")
        assert (got["reason"], got["family"], got["rule"]) == (str(want.reason), want.family,
                                                                want.rule)
        assert got["rule"] and got["duration_ms"] > 0
    # a reply with nothing to decide carries no reason header
    plain = raw.chat.completions.create(model="stub", messages=_user("text:hi"))
    assert "x-leakcall-reason" not in plain.headers


def _quiet(ops: Ops) -> dict[str, float]:
    """Metrics once two scrapes 0.2 s apart agree (a stream of an earlier test is counted when
    its response ends, which may be after that test is done); the last scrape after 5 s."""
    deadline = time.monotonic() + 5
    last = _metrics(ops)
    while True:
        time.sleep(0.2)
        now = _metrics(ops)
        keys = [k for k in {*last, *now} if "chat_completions" in k or "decisions" in k]
        same = all(now.get(k) == last.get(k) for k in keys)
        if same or time.monotonic() > deadline:
            return now
        last = now


def test_metrics_count_across_workers(ops: Ops) -> None:
    case = _a_recoverable_case()
    before = _quiet(ops)
    n = 24
    client = ops.proxy.client()

    def one(i: int) -> list[Any]:
        done = client.chat.completions.create(model="stub", messages=_user(f"case:{case.id}"),
                                              tools=case.tools)
        return done.choices[0].message.tool_calls or []

    with ThreadPoolExecutor(12) as pool:
        got = list(pool.map(one, range(n)))
    assert all(calls for calls in got)
    pids = {x["pid"] for x in _requests(ops)}
    assert len(pids) == 2, "both workers served requests"
    route = {"route": "chat_completions", "status": "200"}
    after = _settled(ops, before, {("leakcall_requests_total", tuple(route.items())): n,
                                   ("leakcall_decisions_total", (("reason", "ok"),)): n})
    assert (_sample(after, "leakcall_requests_total", **route)
            - _sample(before, "leakcall_requests_total", **route)) == n
    assert (_sample(after, "leakcall_decisions_total", reason="ok")
            - _sample(before, "leakcall_decisions_total", reason="ok")) == n
    calls = len(_expected(case, f"case:{case.id}").calls)
    assert (_sample(after, "leakcall_recovered_calls_total")
            - _sample(before, "leakcall_recovered_calls_total")) == n * calls
    assert (_sample(after, "leakcall_request_duration_seconds_count", route="chat_completions")
            - _sample(before, "leakcall_request_duration_seconds_count",
                      route="chat_completions")) == n


def test_load_nothing_lost_metrics_match(ops: Ops) -> None:
    """Bounded load on loopback: 160 requests, 16 at a time, streamed and not, repaired and
    plain; every reply complete and right; the request counter grows by exactly 160."""
    case = _a_recoverable_case()
    order = f"case:{case.id}"
    want = _want(_expected(case, order))
    before = _metrics(ops)
    client = ops.proxy.client()

    def one(i: int) -> bool:
        kind = i % 4
        if kind == 0:
            done = client.chat.completions.create(model="stub", messages=_user(order),
                                                  tools=case.tools)
            from tests.proxy.test_serve import _calls

            return _calls(done.choices[0].message.tool_calls) == want
        if kind == 1:
            stream = client.chat.completions.create(model="stub", messages=_user(order),
                                                    tools=case.tools, stream=True)
            _, calls, finish = _collect(stream)
            return calls == want and finish == "tool_calls"
        text = f"reply {i} " * 20
        if kind == 2:
            done = client.chat.completions.create(model="stub", messages=_user(f"text:{text}"))
            return done.choices[0].message.content == text
        stream = client.chat.completions.create(model="stub", messages=_user(f"text:{text}"),
                                                stream=True)
        pieces, _, finish = _collect(stream)
        return "".join(pieces) == text and finish == "stop"

    n = 160
    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(one, range(n)))
    assert results.count(True) == n
    after = _settled(ops, before, {
        ("leakcall_requests_total", (("route", "chat_completions"),)): n,
        ("leakcall_decisions_total", (("reason", "ok"),)): n // 2})
    assert (_sample(after, "leakcall_requests_total", route="chat_completions")
            - _sample(before, "leakcall_requests_total", route="chat_completions")) == n
    assert (_sample(after, "leakcall_decisions_total", reason="ok")
            - _sample(before, "leakcall_decisions_total", reason="ok")) == n // 2
    assert _sample(after, "leakcall_requests_total", status="500") == 0


# --- how it is started -----------------------------------------------------------------------------


def _wait_health(port: int, proc: subprocess.Popen[bytes], err: Path) -> dict[str, Any]:
    """One client for every poll: ``httpx.get`` built one a poll (about 30 ms of CPU each, its
    SSL context), taken from the server starting up on the same cores."""
    deadline = time.monotonic() + 120  # start-up warms every family: slow on a loaded machine
    with httpx.Client(timeout=2) as http:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            try:
                r = http.get(f"http://127.0.0.1:{port}/leakcall/health")
                return dict(r.json())
            except httpx.HTTPError:
                time.sleep(0.1)
    raise RuntimeError(err.read_text(errors="replace"))


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def _dockerfile_command() -> tuple[list[str], dict[str, str]]:
    """The image's ENTRYPOINT + CMD and its ENV, read from the Dockerfile."""
    entry: list[str] = []
    cmd: list[str] = []
    env: dict[str, str] = {}
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        word, _, rest = line.partition(" ")
        if word == "ENTRYPOINT":
            entry = json.loads(rest)
        elif word == "CMD":
            cmd = json.loads(rest)
        elif word == "ENV":
            for item in shlex.split(rest):
                k, _, v = item.partition("=")
                env[k] = v
    return [*entry, *cmd], env


@pytest.mark.parametrize("how", ["uvicorn_factory", "dockerfile_entrypoint"])
def test_started_from_the_environment(ops: Ops, tmp_path: Path, how: str) -> None:
    """``uvicorn leakcall.serve:app --factory`` and the Dockerfile's command, configured by
    LEAKCALL_* variables alone: they serve, and the factory sets up the JSON log."""
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "LEAKCALL_UPSTREAM": ops.stub_root}
    if how == "uvicorn_factory":
        argv = [sys.executable, "-m", "uvicorn", "leakcall.serve:app", "--factory",
                "--port", str(port)]
    else:
        argv, image_env = _dockerfile_command()
        assert argv[:2] == ["leakcall", "serve"] and image_env["LEAKCALL_HOST"] == "0.0.0.0"
        argv[0] = str(Path(sys.executable).with_name("leakcall"))
        env |= {**image_env, "LEAKCALL_HOST": "127.0.0.1", "LEAKCALL_PORT": str(port)}
    err = tmp_path / "err.log"
    with err.open("wb") as fh:
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=fh,
                                stdin=subprocess.DEVNULL, env=env, cwd=tmp_path)
        try:
            assert _wait_health(port, proc, err)["status"] == "ok"
            client = openai.OpenAI(base_url=f"http://127.0.0.1:{port}/v1", api_key="x",
                                   max_retries=0, timeout=20)
            assert client.chat.completions.create(
                model="m", messages=_user("text:hi")).choices[0].message.content == "hi"
            client.close()
        finally:
            _stop(proc)
    text = err.read_text()
    lines = [json.loads(x) for x in text.splitlines() if x.strip()]  # every line is JSON
    assert any(x["event"] == "request" and x["model"] == "m" and x["status"] == 200 for x in lines)
    starts = [x for x in lines if x["event"] == "start"]
    assert len(starts) == 1, starts  # the Dockerfile runs 2 workers: one summary all the same
    server = [x["message"] for x in lines if x["event"] == "server"]
    assert any(m.startswith("Started server process") for m in server), text
    if how == "uvicorn_factory":  # uvicorn's own host, port and limits: not the app's to say
        assert "port" not in starts[0] and "limit_concurrency" not in starts[0]["limits"]
    else:
        assert starts[0]["workers"] == 2 and starts[0]["port"] == port


def test_start_up_logs_one_summary_and_uvicorn_as_json(ops: Ops, tmp_path: Path) -> None:
    """``leakcall serve``: one ``start`` line with the effective settings (the upstream without
    its userinfo, whether each key is set, never a key), and uvicorn's own lines as JSON."""
    port = _free_port()
    secrets = {"LEAKCALL_API_KEY": "sk-start-api-7f3a", "LEAKCALL_UPSTREAM_API_KEY": "sk-up-9c1d"}
    upstream = ops.stub_root.replace("http://", "http://user:pw-5e2b@")
    argv = [sys.executable, "-m", "leakcall", "serve", "--upstream", upstream, "--port",
            str(port), "--families", "hermes,qwen3_coder", "--on-refusal", "annotate",
            "--max-held-chars", "5000"]
    err = tmp_path / "err.log"
    with err.open("wb") as fh:
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=fh,
                                stdin=subprocess.DEVNULL, cwd=tmp_path,
                                env={**os.environ, "PYTHONUNBUFFERED": "1", **secrets})
        try:
            assert _wait_health(port, proc, err)["status"] == "ok"
        finally:
            _stop(proc)
    text = err.read_text()
    for secret in [*secrets.values(), "pw-5e2b"]:
        assert secret not in text
    lines = [json.loads(x) for x in text.splitlines() if x.strip()]  # every line is JSON
    assert all({"ts", "event"} <= set(x) for x in lines)
    (start,) = [x for x in lines if x["event"] == "start"]
    assert start["upstream"].endswith(ops.stub_root.removeprefix("http://"))  # no userinfo
    assert start["families"] == ["hermes", "qwen3_coder"] and start["on_refusal"] == "annotate"
    assert start["routes"] == ["chat_completions", "responses", "messages", "ollama_chat"]
    assert start["keys"] == {"api_key": True, "upstream_api_key": True, "metrics_key": False}
    assert start["limits"]["max_held_chars"] == 5000 and start["limits"]["limit_concurrency"] > 0
    assert (start["port"], start["workers"], start["shadow"]) == (port, 1, False)
    server = [x for x in lines if x["event"] == "server"]
    assert {x["logger"] for x in server} == {"uvicorn.error"} and all(
        x["level"] == "info" for x in server)
    messages = [x["message"] for x in server]
    assert any(m.startswith("Uvicorn running on") for m in messages), messages
    assert any(m.startswith(("Shutting down", "Finished server process"))
               for m in messages), messages


def test_bad_settings_exit_2_with_one_line(tmp_path: Path) -> None:
    base = [sys.executable, "-m", "leakcall", "serve"]
    cases = [
        ([], {}, "--upstream (or LEAKCALL_UPSTREAM) is required"),
        (["--upstream", "http://h", "--workers", "0"], {}, "--workers must be a positive integer"),
        (["--upstream", "http://h"], {"LEAKCALL_MAX_BODY": "lots"}, "LEAKCALL_MAX_BODY='lots'"),
        (["--upstream", "http://h"], {"LEAKCALL_REASONING": "maybe"}, "LEAKCALL_REASONING='maybe'"),
        (["--upstream", "http://h", "--metrics-key", ""], {},
         "--metrics-key must be a non-empty single line"),
        (["--upstream", "http://h", "--families", "hermes,nope"], {}, "unknown family 'nope'"),
        (["--upstream", "http://h"], {"LEAKCALL_SHADOW": "maybe"}, "LEAKCALL_SHADOW='maybe'"),
    ]
    for argv, env, message in cases:
        r = subprocess.run([*base, *argv], capture_output=True, text=True, timeout=60,
                           env={**os.environ, **env}, stdin=subprocess.DEVNULL, check=False)
        assert r.returncode == 2, (argv, r.stderr)
        assert message in r.stderr, r.stderr
