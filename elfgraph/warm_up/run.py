"""Warm a Neo4j server's new JVM before the first real space meets it (issue 64).

A Neo4j process compiles its hot code as it goes: on a fresh server the first big space
runs learn_many and dream at about 1.6× the time the same work takes a minute later, and
a restarted server is as slow again (docs/DECISIONS.md, "A new server is warmed before its
first space"). What it lacks is compiled code, so nothing in the database fixes it. The
warm-up runs elfgraph's own operations, with the mock embedder, on a scratch space of
WARM_UP_BLOCKS facts: learn one by one and in batches, one dream, recalls, frames and an
outcome. Then the space is dropped, and so is the shared vector index if no space is left
to use it (the first real embedder then chooses its dimension, as on an empty database).

It is done once for each start of the server, whoever asks first (`elfgraph neo4j start`,
`elfgraph serve`): a `ServerWarmUp` node holds the start time of the JVM it warmed,
claimed before the work so that two workers do not both do it. The scratch space is named
after that start time; one left by a warm-up that was stopped goes at the next start's.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ElfgraphError
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.spaces.registry import drop_space, list_spaces
from elfgraph.spaces.vector_index import drop_shared_vector_index, vector_index_dimensions
from elfgraph.store.database import Database
from elfgraph.warm_up.repository.claim_warm_up import claim_warm_up
from elfgraph.warm_up.repository.finish_warm_up import finish_warm_up
from elfgraph.warm_up.repository.server_started_at import server_started_at
from elfgraph.warm_up.texts import SPEAKERS, facts, questions

log = logging.getLogger(__name__)

WARM_UP_SPACE = "elfgraph-warm-up"  # the scratch space is this, "-", the JVM's start time
# 1,000 brought a fresh server's first 10k space within 1.4× of a warm server's (learn,
# learn_many, dream, recall, frame) for about 8 s of work here; 500 and 2,000 did as well
# within the noise, none did 1.6-1.8× (DECISIONS.md).
WARM_UP_BLOCKS = 1_000
_ONE_BY_ONE = 100  # of them by learn(), the rest by learn_many
_BATCH = 300
_RECALLS = 40
_FRAMES = 15
_DIMENSIONS = 384  # when the database has no vector index yet (it is dropped after)


@dataclass(frozen=True)
class WarmUpReport:
    blocks: int
    seconds: float


async def warm_up_server(
    database: Database,
    *,
    blocks: int = WARM_UP_BLOCKS,
    progress: Callable[[str], None] | None = None,
) -> WarmUpReport | None:
    """Warm the server behind `database` unless this run of it was warmed (or is being
    warmed) already; None then. A server that does not tell its start time (no
    dbms.queryJmx for this user) is not warmed: there would be no telling when to stop."""
    started = await _server_started_at(database)
    if started is None:
        log.info("server warm-up skipped: the server does not tell when it started")
        return None
    claimed, unfinished = await database.write(claim_warm_up, started=started, now=time.time())
    if not claimed:
        return None
    tell = progress or (lambda line: None)
    tell(f"Warming up the server's query engine ({blocks:,} scratch blocks, ~15 s on 2 cores) …")
    began = time.perf_counter()
    if unfinished is not None:  # a warm-up of an earlier start was stopped midway
        await drop_space(database, scratch_space(unfinished))
    space = scratch_space(started)
    dimensions = await vector_index_dimensions(database) or _DIMENSIONS
    try:
        await _workload(database, space, blocks, dimensions)
    finally:
        await drop_space(database, space)
        if not await list_spaces(database):
            await drop_shared_vector_index(database)
    seconds = round(time.perf_counter() - began, 2)
    await database.write(finish_warm_up, started=started, now=time.time(), seconds=seconds)
    log.info("server warmed up in %.1f s (%d scratch blocks)", seconds, blocks)
    return WarmUpReport(blocks=blocks, seconds=seconds)


def scratch_space(started: int) -> str:
    """The warm-up's space for the server run that started at `started` (epoch ms): a name
    no user picks, so that dropping it never drops theirs."""
    return f"{WARM_UP_SPACE}-{started}"


async def _server_started_at(database: Database) -> int | None:
    try:
        return await database.read(server_started_at)
    except ElfgraphError as exc:  # a user without the procedure's privilege, a proxy
        log.debug("server start time unknown: %s", exc.message)
        return None


async def _workload(database: Database, space: str, blocks: int, dimensions: int) -> None:
    texts = facts(blocks)
    asked = questions(_RECALLS + _FRAMES)
    one_by_one = min(_ONE_BY_ONE, blocks // 10)
    memory = await MemorySystem.open(
        space,
        database=database,
        embedding_service=MockEmbeddingService(dimensions=dimensions),
    )
    try:
        await memory.begin_session("warm-up")
        for index, text in enumerate(texts[:one_by_one]):
            await memory.learn(text, speaker=SPEAKERS[index % 2] if index % 3 else None)
        for start in range(one_by_one, len(texts), _BATCH):
            await memory.learn_many(texts[start : start + _BATCH])
        await memory.consolidate(skip_llm=True)
        found: list[ScoredBlock] = []
        for query in asked[:_RECALLS]:
            found = await memory.recall(query, top_k=5)
        for index, query in enumerate(asked[_RECALLS:]):
            await memory.frame("attention", f"{query} ({index})")
        await memory.recall(None, top_k=5)
        if found:
            await memory.outcome([block.id for block in found[:2]], 0.9)
        await memory.end_session()
    finally:
        await memory.close()
