"""Retries through the service behave like the library's own (docs/ARCHITECTURE.md,
"Reliability"): a reply lost on the way back makes the client send the call again, and an
outcome or a frame is applied once (they carry an Idempotency-Key, kept across retries);
a service that does not answer is a ServiceError within the connection timeout."""

from __future__ import annotations

import time

import pytest

import elfgraph
from elfgraph.errors import ServiceError
from elfgraph.store.database import Database
from tests.support.graph import block_props, graph
from tests.support.lossy_proxy import LossyProxy
from tests.support.network import closed_port
from tests.support.service import MakeKey, RunningService

pytestmark = pytest.mark.anyio


def lossy(service: RunningService, path: str) -> LossyProxy:
    host, port = service.url.removeprefix("http://").split(":")
    return LossyProxy((host, int(port)), path).start()


async def test_an_outcome_whose_reply_was_lost_is_applied_once(
    service: RunningService, make_key: MakeKey, database: Database, space: str
) -> None:
    key = await make_key("write")
    proxy = lossy(service, "/outcome")
    try:
        memory = await elfgraph.connect(proxy.url, space, key=key)
        learned = await memory.learn_many(["apples are red", "skies are blue"])
        await memory.dream()
        ids = [r.block_id for r in learned]
        result = await memory.outcome(ids, 1.0)
        assert result.blocks_updated == 2
        assert proxy.forwarded.count(f"/v1/spaces/{space}/outcome") == 2  # sent twice
        outcomes = await graph(database, "MATCH (o:Outcome {space: $s}) RETURN o", s=space)
        assert len(outcomes) == 1  # applied once
        props = await block_props(database, space, ids[0])
        assert props["confidence"] == pytest.approx((0.5 * 2 + 1) / 3)
        await memory.close()
    finally:
        proxy.stop()


async def test_a_frame_whose_reply_was_lost_reinforces_once(
    service: RunningService, make_key: MakeKey, database: Database, space: str
) -> None:
    key = await make_key("write")
    proxy = lossy(service, "/frame")
    try:
        memory = await elfgraph.connect(proxy.url, space, key=key)
        (learned,) = await memory.learn_many(["the lighthouse is on the northern cliff"])
        await memory.dream()
        before = (await block_props(database, space, learned.block_id))["reinforcement_count"]
        result = await memory.frame("attention", "the lighthouse is on the northern cliff")
        assert [b.id for b in result.blocks] == [learned.block_id]
        assert proxy.forwarded.count(f"/v1/spaces/{space}/frame") == 2
        after = (await block_props(database, space, learned.block_id))["reinforcement_count"]
        assert after == before + 1
        await memory.close()
    finally:
        proxy.stop()


async def test_a_service_that_does_not_answer_fails_within_the_timeout() -> None:
    started = time.monotonic()
    with pytest.raises(ServiceError) as caught:
        await elfgraph.connect(
            f"http://127.0.0.1:{closed_port()}", "any", key="eg_x", connection_timeout=1.0
        )
    assert time.monotonic() - started < 5
    assert "ELFGRAPH_URL" in caught.value.recovery
