"""Every setting of memory.learning, memory.edges and memory.feedback changes what the
memory does: each test runs one scenario with the default and with the setting changed
(tests/support/settings.py) and asserts the difference."""

from __future__ import annotations

import pytest

from elfgraph.errors import ElfgraphError
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of
from tests.support.memory import MakeMemory
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio

FACTS = ["apples are red", "skies are blue", "grass is green"]


async def stored(memory_open: Opener, content: str, tags: list[str] | None = None) -> str:
    memory = await memory_open()
    try:
        await memory.learn(content, tags)
    except ElfgraphError as exc:
        return type(exc).__name__
    return "stored"


async def active(memory_open: Opener) -> tuple[MemorySystem, list[str]]:
    memory = await memory_open()
    learned = await memory.learn_many(FACTS)
    await memory.dream()  # mock vectors: unrelated blocks, no edges
    return memory, [r.block_id for r in learned]


# ---- learning ----------------------------------------------------------------------------


async def test_setting_max_content_bytes(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> str:
        return await stored(open_memory, "x" * 20)

    assert await both(
        make_memory, database, space, scenario, changed={"max_content_bytes": 16}
    ) == ("stored", "LearnError")


async def test_setting_max_tags(make_memory: MakeMemory, database: Database, space: str) -> None:
    async def scenario(open_memory: Opener, _: str) -> str:
        return await stored(open_memory, "tagged", ["a", "b"])

    assert await both(make_memory, database, space, scenario, changed={"max_tags": 1}) == (
        "stored",
        "LearnError",
    )


async def test_setting_max_tag_length(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> str:
        return await stored(open_memory, "tagged", ["longish"])

    assert await both(make_memory, database, space, scenario, changed={"max_tag_length": 3}) == (
        "stored",
        "LearnError",
    )


# ---- edges -------------------------------------------------------------------------------


async def test_setting_edge_degree_cap(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> str:
        memory, (a, b, c) = await active(open_memory)
        await memory.connect(a, b)
        try:
            await memory.connect(a, c)
        except ElfgraphError as exc:
            return type(exc).__name__
        return "connected"

    assert await both(make_memory, database, space, scenario, changed={"edge_degree_cap": 1}) == (
        "connected",
        "DegreeLimitError",
    )


async def test_setting_edge_reinforce_delta(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> float:
        memory, (a, b, _c) = await active(open_memory)
        await memory.connect(a, b, "supports")
        again = await memory.connect(a, b, "supports")
        return round(float(again.weight), 4)

    assert await both(
        make_memory, database, space, scenario, changed={"edge_reinforce_delta": 0.2}
    ) == (0.85, 0.95)


# ---- feedback ----------------------------------------------------------------------------


async def test_setting_outcome_prior_strength(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        memory, (a, _b, _c) = await active(open_memory)
        await memory.outcome([a], 1.0)
        return round(float((await block_props(database, name, a))["confidence"]), 4)

    assert await both(
        make_memory, database, space, scenario, changed={"outcome_prior_strength": 10.0}
    ) == (round(2 / 3, 4), round(6 / 11, 4))


async def test_setting_outcome_reinforce_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        memory, (a, b, _c) = await active(open_memory)
        result = await memory.outcome([a, b], 0.6)
        assert len(await edges_of(database, name)) == result.outcome_edges_created
        return int(result.outcome_edges_created)

    assert await both(
        make_memory, database, space, scenario, changed={"outcome_reinforce_threshold": 0.7}
    ) == (1, 0)


async def test_setting_penalize_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, _: str) -> int:
        memory, (a, _b, _c) = await active(open_memory)
        return int((await memory.outcome([a], 0.3)).blocks_penalized)

    assert await both(
        make_memory, database, space, scenario, changed={"penalize_threshold": 0.4}
    ) == (0, 1)


async def test_setting_penalty_factor(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        memory, (a, _b, _c) = await active(open_memory)
        await memory.outcome([a], 0.0)
        return round(float((await block_props(database, name, a))["decay_lambda"]), 6)

    assert await both(make_memory, database, space, scenario, changed={"penalty_factor": 3.0}) == (
        0.02,
        0.03,
    )


async def test_setting_lambda_ceiling(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> float:
        memory, (a, _b, _c) = await active(open_memory)
        await memory.outcome([a], 0.0)
        return round(float((await block_props(database, name, a))["decay_lambda"]), 6)

    assert await both(
        make_memory, database, space, scenario, changed={"lambda_ceiling": 0.015}
    ) == (0.02, 0.015)
