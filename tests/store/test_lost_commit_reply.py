"""A transaction that committed but whose reply was lost is run again by the retry loop;
the writes that count carry an operation id and are applied once: an outcome is not
recorded twice, a frame does not reinforce twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from neo4j.exceptions import SessionExpired

from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of, graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


@dataclass
class LostReplies:
    armed: bool = False
    writes: list[str] = field(default_factory=list)  # "lost" or "ok", one per write run

    def arm(self) -> None:
        """The next write commits, then its connection drops before the reply arrives."""
        self.armed = True


@pytest.fixture
def lost(monkeypatch: pytest.MonkeyPatch) -> LostReplies:
    real = Database._attempt
    state = LostReplies()

    async def lossy(self: Database, mode: Any, work: Any, *args: Any, **kwargs: Any) -> Any:
        result = await real(self, mode, work, *args, **kwargs)
        if mode == "write":
            if state.armed:
                state.armed = False
                state.writes.append("lost")
                raise SessionExpired("the connection dropped before the COMMIT reply arrived")
            state.writes.append("ok")
        return result

    monkeypatch.setattr(Database, "_attempt", lossy)
    return state


async def two_blocks(make_memory: MakeMemory) -> tuple[MemorySystem, list[str]]:
    memory = await make_memory()
    learned = await memory.learn_many(["The build runs on Fridays.", "Releases follow builds."])
    await memory.dream()
    return memory, [r.block_id for r in learned]


async def test_a_retried_outcome_is_recorded_once_and_reports_the_first_attempt(
    make_memory: MakeMemory, database: Database, space: str, lost: LostReplies
) -> None:
    memory, ids = await two_blocks(make_memory)
    before = {i: await block_props(database, space, i) for i in ids}
    lost.writes.clear()
    lost.arm()
    result = await memory.outcome(ids, 0.9)
    assert lost.writes == ["lost", "ok"]  # committed, reply lost, run again
    assert result.blocks_updated == 2
    assert result.mean_confidence_delta > 0
    for block_id in ids:
        after = await block_props(database, space, block_id)
        evidence = before[block_id].get("outcome_evidence", 0.0)
        assert after["outcome_evidence"] == evidence + 1.0  # one update, not two
        assert after["reinforcement_count"] == before[block_id]["reinforcement_count"] + 1
    audits = await graph(database, "MATCH (o:Outcome {space: $s}) RETURN o.id AS id", s=space)
    assert len(audits) == 1
    outcome_edges = [e for e in await edges_of(database, space) if e["type"] == "OUTCOME"]
    assert len(outcome_edges) == result.outcome_edges_created


async def test_a_retried_frame_reinforces_once(
    make_memory: MakeMemory, database: Database, space: str, lost: LostReplies
) -> None:
    memory, ids = await two_blocks(make_memory)
    before = {i: (await block_props(database, space, i))["reinforcement_count"] for i in ids}
    lost.writes.clear()
    lost.arm()
    result = await memory.frame("attention", "build releases", top_k=2)
    assert lost.writes == ["lost", "ok"]
    assert {b.id for b in result.blocks} == set(ids)
    for block_id in ids:
        count = (await block_props(database, space, block_id))["reinforcement_count"]
        assert count == before[block_id] + 1
