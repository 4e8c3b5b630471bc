"""What each request of ``leakcall serve`` costs outside the repair (issue 27: the proxy's CPU
per request): the work of a request runs in the server's own task, a disconnect still cancels
it (``cancel_on_disconnect``); the warmed heap is frozen once (``freeze_heap``), so that no full
collection walks it again; the request checks that run per request (``safe_path``,
``upstream_url``) give what they gave before their shortcuts."""

from __future__ import annotations

import asyncio
import gc
import re
import weakref
from typing import Any
from urllib.parse import unquote

import pytest

from leakcall.proxy.app import freeze_heap
from leakcall.proxy.asgi import Disconnected, SendTracker, cancel_on_disconnect
from leakcall.proxy.http import safe_path, upstream_url


class _Client:
    """An ASGI ``receive`` whose client disconnects when ``leave`` is set (or never)."""

    def __init__(self) -> None:
        self.leave = asyncio.Event()

    async def receive(self) -> dict[str, Any]:
        await self.leave.wait()
        return {"type": "http.disconnect"}


async def _sink(message: Any) -> None:
    return None


def test_the_work_runs_in_the_servers_task_and_returns_its_result() -> None:
    async def main() -> None:
        here = asyncio.current_task()
        seen: list[Any] = []

        async def work() -> None:
            seen.append(asyncio.current_task())

        await cancel_on_disconnect(_Client().receive, work(), SendTracker(_sink))
        assert seen == [here]  # no task of its own: one task per request fewer
        assert here is not None and here.cancelling() == 0

    asyncio.run(main())


def test_a_client_leaving_before_the_response_is_out_cancels_the_work() -> None:
    async def main() -> None:
        client = _Client()
        state: list[str] = []

        async def work() -> None:
            try:
                client.leave.set()
                await asyncio.sleep(10)
                state.append("finished")
            except asyncio.CancelledError:
                state.append("cancelled")
                raise

        with pytest.raises(Disconnected):
            await cancel_on_disconnect(client.receive, work(), SendTracker(_sink))
        assert state == ["cancelled"]
        here = asyncio.current_task()
        assert here is not None and here.cancelling() == 0  # the task goes on: not cancelled
        await asyncio.sleep(0)  # and its next wait is not cancelled either

    asyncio.run(main())


def test_a_client_leaving_once_the_response_is_out_lets_the_work_finish() -> None:
    async def main() -> None:
        client = _Client()
        sent = SendTracker(_sink)
        state: list[str] = []

        async def work() -> None:
            await sent({"type": "http.response.start", "status": 200, "headers": []})
            await sent({"type": "http.response.body", "body": b"", "more_body": False})
            client.leave.set()  # uvicorn's receive says disconnect once the response is complete
            await asyncio.sleep(0.01)  # the cleanup after the response
            state.append("finished")

        await cancel_on_disconnect(client.receive, work(), sent)
        assert state == ["finished"]

    asyncio.run(main())


def test_a_cancel_from_outside_is_not_taken_for_a_disconnect() -> None:
    async def main() -> None:
        async def work() -> None:
            await asyncio.sleep(10)

        task = asyncio.ensure_future(
            cancel_on_disconnect(_Client().receive, work(), SendTracker(_sink)))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())


def test_a_receive_that_fails_counts_as_a_disconnect() -> None:
    async def broken() -> dict[str, Any]:
        raise RuntimeError("the server's receive broke")

    async def main() -> None:
        async def work() -> None:
            await asyncio.sleep(10)

        with pytest.raises(Disconnected):
            await cancel_on_disconnect(broken, work(), SendTracker(_sink))

    asyncio.run(main())


class _Node:
    me: Any = None


def test_the_heap_is_frozen_once_per_process() -> None:
    gc.unfreeze()
    try:
        assert freeze_heap() is True
        frozen = gc.get_freeze_count()
        assert frozen > 0
        assert freeze_heap() is False  # once: a second call leaves the count as it was
        assert gc.get_freeze_count() == frozen
        made = _Node()  # a cycle made afterwards is collected as before
        made.me = made
        gone = weakref.ref(made)
        del made
        gc.collect()
        assert gone() is None
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("target", [
    "/v1/chat/completions", "/v1/../admin", "/./x", "/a/.", "/a/..", "..", "/a.b/c..d/.e",
    "/v1/models/org%2Fname", "/%2e%2E/x", "/%252e./x", "/a\\..\\b", "/a\\b", "/..%2fx", "", "/",
])
def test_safe_path_gives_what_the_decoding_loop_gives(target: str) -> None:
    def slow(t: str) -> bool:
        for raw in t.split("/"):
            seg = raw
            for _ in range(4):
                plain = unquote(seg, errors="surrogateescape")
                if plain == seg:
                    break
                seg = plain
            if any(part in (".", "..") for part in re.split(r"[/\\]", seg)):
                return False
        return True

    assert safe_path(target) is slow(target)


def test_upstream_url_is_the_same_when_asked_again() -> None:
    first = upstream_url("http://h:8000/v1/", "/v1/models", "a=1")
    assert first == "http://h:8000/v1/models?a=1"
    assert upstream_url("http://h:8000/v1/", "/v1/models", "a=1") == first
    assert upstream_url("http://h:8000/v1/", "/v1/models") == "http://h:8000/v1/models"
    assert upstream_url("http://other/v1/", "/v1/models", "a=1") == "http://other/v1/models?a=1"
