"""One chunk of a dream, read and planned: its vectors, neighbours, near-duplicates,
promotions and edges (docs/BEHAVIOUR.md §4). Nothing here writes: run.py writes a planned
chunk while the next one is read and planned, so the server's work on one chunk overlaps
the process's work on the next.

The run's pool (run_pool.RunPool) learns a chunk's promotions as soon as it is planned
(`reserve`), so the next chunk finds them as neighbours before they are committed; once the
write has answered, the pool forgets any it did not promote (`settle`: another process took
them meanwhile). The matrix work (the searches, and the pool's additions, which may train its
index) runs in a worker thread, which leaves the event loop free to carry the write's queries
meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial

import anyio
import numpy as np

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.context import contextual_vectors
from elfgraph.consolidation.lease import DreamLease
from elfgraph.consolidation.llm import analyse_blocks, contradiction_edges, stored_vectors
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.neighbours import nearest_neighbours
from elfgraph.consolidation.plan import (
    DedupePlan,
    InboxBlock,
    Neighbour,
    earlier_survivors,
    link_candidates,
    merge_neighbours,
    neighbour_floor,
    own_likeness,
    pairwise_cosines,
    plan_dedupe,
    similarity_edges,
)
from elfgraph.consolidation.repository.inbox_batch import inbox_batch
from elfgraph.consolidation.repository.promote_blocks import PromotionRow
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.consolidation.write import ChunkPlan, write_chunk
from elfgraph.core.decay import decay_tier
from elfgraph.core.sketch import sketches
from elfgraph.core.text import normalised_text
from elfgraph.edges.link import EdgeRow, edge_row
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.llm.base import LLMService
from elfgraph.store.database import Database


@dataclass
class PlannedChunk:
    """A chunk ready to write, and what the pool needs to know about it."""

    blocks: list[InboxBlock]
    vectors: list[Vector]  # each block's own vector: what the pool compares
    plan: ChunkPlan
    now: float
    last_seq: int  # the learn_seq of its last block: the next chunk is read after it


@dataclass
class Decisions:
    """What a chunk's matrix work decided (ChunkPlanner._decide)."""

    neighbours: dict[str, list[Neighbour]]
    dedupe: DedupePlan
    survivors: list[int]  # chunk indexes, in order
    earlier: dict[int, list[tuple[int, float]]]


@dataclass
class ChunkPlanner:
    """What every chunk of one run shares: the services, the pools, the index's share."""

    database: Database
    space: str
    embedder: EmbeddingService
    llm: LLMService | None
    config: MemoryConfig
    context: str  # the SELF context the LLM is given
    check_contradictions: bool
    share: tuple[int, int]  # active blocks of the space and of every space, at the start
    run: RunPool
    before: RunPool | None  # the space's active blocks, read once (neighbours.space_snapshot)
    lease: DreamLease  # the space's dream lease: each write checks it still holds it
    floor: float = field(init=False)

    def __post_init__(self) -> None:
        settings = self.config.consolidation
        self.floor = neighbour_floor(
            near_threshold=settings.near_dup_near_threshold,
            exact_threshold=settings.near_dup_exact_threshold,
            edge_threshold=settings.edge_score_threshold,
            contradiction_prefilter=settings.contradiction_similarity_prefilter
            if self.check_contradictions
            else None,
        )

    async def next_chunk(self, after: int | None, now: float) -> PlannedChunk | None:
        """The oldest inbox blocks learned after `after` (a learn_seq; None: from the
        first), planned; None when there are none."""
        rows = await self.database.read(
            inbox_batch,
            space=self.space,
            limit=self.config.consolidation.consolidate_batch_size,
            after=after,
        )
        if not rows:
            return None
        blocks = [
            InboxBlock(
                id=row["id"],
                content=row["content"],
                tags=tuple(row["tags"] or ()),
                category=row["category"] or "knowledge",
                follows=row.get("follows"),
                previous_content=row.get("previous_content"),
                found_by=row.get("found_by") or "",
            )
            for row in rows
        ]
        self.run.make_room(len(blocks))
        if self.run.retired:  # the index now holds blocks of this run too: it answers for all
            self.before = None
        return await self._plan(blocks, now, int(rows[-1]["learn_seq"]))

    async def write(self, planned: PlannedChunk) -> tuple[ConsolidateResult, set[str]]:
        return await self.database.write(
            write_chunk,
            space=self.space,
            plan=planned.plan,
            config=self.config,
            now=planned.now,
            model=self.embedder,
            run_id=self.run.tag,
            hold=self.lease.hold,
        )

    async def reserve(self, planned: PlannedChunk) -> None:
        """The pool as it will be once the chunk is written: without the blocks it
        supersedes, with the blocks it promotes. The rows are added in a worker thread:
        past its exact limit that may train the pool's index (k-means over every row, seconds
        from ~80,000 rows), which would otherwise hold the event loop and every recall
        waiting on it. The caller awaits it before anything else reads the pool."""
        self.run.forget(planned.plan.superseded)
        if self.before is not None:
            self.before.forget(planned.plan.superseded)
        index_of = {block.id: i for i, block in enumerate(planned.blocks)}
        promoted = [index_of[promotion["id"]] for promotion in planned.plan.promotions]
        if not promoted:
            return
        add = partial(
            self.run.add_many,
            [planned.blocks[i].id for i in promoted],
            [promotion["tags"] for promotion in planned.plan.promotions],
            [planned.blocks[i].category for i in promoted],
            [planned.now] * len(promoted),
            np.asarray([planned.vectors[i] for i in promoted], dtype=np.float32),
        )
        await anyio.to_thread.run_sync(add)

    def settle(self, planned: PlannedChunk, promoted: set[str]) -> None:
        """The write promoted `promoted`: the pool forgets the others it reserved."""
        self.run.forget(p["id"] for p in planned.plan.promotions if p["id"] not in promoted)

    async def _plan(self, blocks: list[InboxBlock], now: float, last_seq: int) -> PlannedChunk:
        config = self.config
        k = config.consolidation.neighbour_candidates
        vectors = await self.embedder.embed_batch([normalised_text(b.text) for b in blocks])
        indexed = await self._indexed_neighbours(blocks, vectors, k)
        found = await anyio.to_thread.run_sync(partial(self._decide, blocks, vectors, indexed, k))
        survivors, dedupe = found.survivors, found.dedupe
        gone = set(dedupe.rejected) | set(dedupe.superseded)
        llm = self.llm
        analyses = await analyse_blocks(llm, [blocks[i] for i in survivors], self.context, config)
        kept_vectors = await stored_vectors(self.embedder, blocks, vectors, survivors, analyses)
        found_by = await contextual_vectors(
            self.embedder,
            [blocks[i] for i in survivors],
            [kept_vectors[blocks[i].id] for i in survivors],
            config.consolidation.context_weight,
        )

        promotions: list[PromotionRow] = []
        edges: list[EdgeRow] = []
        # Blocks learned one after the other in a session: linked before any similarity
        # edge of the chunk, so that each pair holds its place under the degree cap (the
        # block learned before is otherwise full of its own similarity edges by then).
        session_edges: list[EdgeRow] = []
        promoted_at = datetime.now(UTC).isoformat()
        survivor_ids = [blocks[i].id for i in survivors]
        sketch_of = dict(
            zip(survivor_ids, sketches([kept_vectors[i] for i in survivor_ids]), strict=True)
        )
        # What recall's sketches rank by (§7.2): the vector the block is found by.
        embedding_sketch_of = dict(
            zip(survivor_ids, sketches([found_by[i] for i in survivor_ids]), strict=True)
        )
        weight = config.consolidation.session_edge_weight
        for i in survivors:
            block = blocks[i]
            analysis = analyses[block.id]
            tags = list(dict.fromkeys([*block.tags, *analysis.tags]))
            promotions.append(
                PromotionRow(
                    id=block.id,
                    confidence=analysis.alignment_score,
                    tags=tags,
                    summary=analysis.summary or block.text,
                    decay_lambda=decay_tier(tags, block.category).decay_lambda,
                    embedding=found_by[block.id].tolist(),
                    sketch=sketch_of[block.id],
                    embedding_sketch=embedding_sketch_of[block.id],
                    promoted_at=promoted_at,
                )
            )
            candidates = link_candidates(
                i, blocks, found.neighbours, found.earlier[i], gone, now, k
            )
            if block.follows and block.follows not in gone and weight > 0:
                session_edges.append(
                    edge_row(block.id, block.follows, "co_occurs", "session", weight)
                )
            if self.check_contradictions and llm is not None:
                edges += await contradiction_edges(
                    self.database, self.space, llm, block, blocks, candidates, config
                )
            for other, score in similarity_edges(
                block, tags, candidates, now, threshold=config.consolidation.edge_score_threshold
            ):
                edges.append(edge_row(block.id, other, "similar", "similarity", score))

        plan = ChunkPlan(
            [b.id for b in blocks],
            dedupe.rejected,
            dedupe.superseded,
            dedupe.replaced_by,
            promotions,
            session_edges + edges,
        )
        return PlannedChunk(blocks, vectors, plan, now, last_seq)

    async def _indexed_neighbours(
        self, blocks: list[InboxBlock], vectors: list[Vector], k: int
    ) -> dict[str, list[Neighbour]]:
        """The nearest active blocks that are not this run's: from the snapshot when the
        run read one, else from the space (in memory when small, else the vector index)."""
        before = self.before
        if before is not None:
            return await anyio.to_thread.run_sync(
                partial(before.nearest, blocks, vectors, k, floor=self.floor)
            )
        active_before, total_before = self.share
        return await nearest_neighbours(
            self.database,
            self.space,
            blocks,
            vectors,
            k,
            run_id=self.run.tag,
            others=active_before + self.run.retired,
            total=total_before + self.run.retired + len(self.run),
        )

    def _decide(
        self,
        blocks: list[InboxBlock],
        vectors: list[Vector],
        indexed: dict[str, list[Neighbour]],
        k: int,
    ) -> Decisions:
        """The matrix work of a chunk (in a worker thread): neighbours in the run's pool,
        merged with the others, the chunk's own cosines, near-duplicates, and each
        survivor's nearest survivors learned before it."""
        pooled = self.run.nearest(blocks, vectors, k, floor=self.floor)
        neighbours = own_likeness(
            merge_neighbours(indexed, pooled, k=k, floor=self.floor),
            {block.id: vector for block, vector in zip(blocks, vectors, strict=True)},
        )
        cosines = pairwise_cosines(vectors)
        settings = self.config.consolidation
        dedupe = plan_dedupe(
            blocks,
            cosines,
            neighbours,
            exact_threshold=settings.near_dup_exact_threshold,
            near_threshold=settings.near_dup_near_threshold,
        )
        index_of = {block.id: i for i, block in enumerate(blocks)}
        survivors = [index_of[block_id] for block_id in dedupe.survivors]
        earlier = earlier_survivors(cosines, survivors, k)
        return Decisions(neighbours, dedupe, survivors, earlier)
