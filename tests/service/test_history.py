"""history(): what this MemorySystem ran, outermost calls only, failures included."""

from __future__ import annotations

import json

import pytest

from elfgraph.errors import SelfLoopError
from elfgraph.history import HISTORY_SIZE
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_history_records_each_public_call_once_in_order(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    assert memory.history() == []
    await memory.begin_session()
    first = await memory.learn("the build cache lives in /var/cache/ci")
    await memory.learn_many(["release notes are written on thursdays"])
    await memory.dream()
    await memory.recall("build cache", top_k=1)
    await memory.connect_by_query("build cache", "release notes", min_confidence=0.0)
    with pytest.raises(SelfLoopError):
        await memory.connect(first.block_id, first.block_id)
    records = memory.history(last_n=20)
    assert [r.operation for r in records] == [
        "begin_session",
        "learn",  # not learn_many as well: only the outermost call
        "learn_many",
        "dream",  # not consolidate as well
        "recall",
        "connect_by_query",  # not recall or connect as well
        "connect",
    ]
    assert records[1].detail == f"Stored block {first.block_id}. Status: created."
    assert records[1].ok
    failed = records[-1]
    assert not failed.ok
    assert "Recovery:" in failed.detail
    assert str(failed).startswith("connect() → Cannot connect block")
    assert str(failed).endswith("(just now)")
    json.dumps([r.to_dict() for r in records])
    assert [r.operation for r in memory.history(2)] == ["connect_by_query", "connect"]
    assert memory.history(0) == []


async def test_history_keeps_the_last_hundred(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    for i in range(HISTORY_SIZE + 5):
        await memory.recall(f"query {i}", top_k=1)
    records = memory.history(last_n=1000)
    assert len(records) == HISTORY_SIZE
    assert records[-1].detail == "No results."  # an empty space
