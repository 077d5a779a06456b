"""recall and frame for one space (docs/BEHAVIOUR.md §7): ranked blocks from one read, the
frame rendered within its budget, and frame's side effects in one write."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
from dataclasses import dataclass, field

import numpy as np

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.analysis import shared_terms
from elfgraph.core.analysis import terms as analysed
from elfgraph.edges.by_query import Match
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.errors import StorageError
from elfgraph.retrieval.catch_up import catch_up
from elfgraph.retrieval.frames import SELF_FRAME, FrameDefinition
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.keywords import keyword_terms
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.retrieval.ranking import Ranked
from elfgraph.retrieval.reinforce import plan_reinforcement, reinforce
from elfgraph.retrieval.rendering import render
from elfgraph.retrieval.repository.retracted_epoch import retracted_epoch
from elfgraph.retrieval.repository.warm_sample import warm_sample
from elfgraph.retrieval.retrieve import Query, check_query, retrieve
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.sessions.clock import new_session_id
from elfgraph.store.concurrently import all_at_once
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.retrieval")
WARM_TEXT = "warm up the retrieval query plans"
WARM_TERMS_TRIED = 50  # cached words of the space tried for one the warm-up query finds again
WARM_SAMPLE = 50  # blocks read for a word of the space when no cache holds its words


@dataclass
class Retriever:
    """What recall and frame need to know about their space."""

    database: Database
    space: str
    embedder: EmbeddingService
    config: MemoryConfig
    share: IndexShare
    # The space's vectors in this process (§7.2): loaded by warm(), or after the first
    # recall (a command that recalls once never pays for it); a big space's in the
    # background (background_load_blocks), swapped in whole once loaded.
    vectors: VectorCache = field(init=False)
    _wants_vectors: bool = field(default=False, init=False)
    _loading: asyncio.Task[None] | None = field(default=None, init=False)
    _planning: asyncio.Task[None] | None = field(default=None, init=False)  # warm()'s rest
    _changes: int = field(default=0, init=False)  # dreams of this process, for a load to see

    def __post_init__(self) -> None:
        self.vectors = self._new_cache()

    def _new_cache(self) -> VectorCache:
        retrieval = self.config.retrieval
        return VectorCache(
            retrieval.vector_cache_blocks,
            retrieval.keyword_cache_blocks if retrieval.keyword_cache else 0,
            retrieval.sketch_cache_blocks,
        )

    async def vectors_changed(self) -> None:
        """This process made blocks active (a dream): a loaded cache catches up now, as the
        dream's last step, so the next recall does not pay for reading the new blocks (a
        5,000-block dream into 130,000 put 0.6-0.9 s on it: docs/DECISIONS.md). A cache
        loading in the background is told it is behind."""
        self.vectors.behind = True
        self._changes += 1
        if self._wants_vectors and self.vectors.version is not None and not self.loading:
            try:
                await self._catch_up()
            except Exception:  # the dream is committed: the next recall tries again
                log.warning("%s: vector cache not brought up to date", self.space, exc_info=True)

    async def forgotten(self, ids: list[str], epochs: set[int]) -> None:
        """This process forgot these blocks (docs/BEHAVIOUR.md §12): the cache lets go of
        them at once and, as after a dream, reads what the forget changed (the texts given
        back, the vectors made again), so the next recall is as fast as before."""
        self.vectors.forgotten(ids, epochs)
        await self.vectors_changed()

    async def retracted_epoch(self) -> int | None:
        """The vector epoch of the space's last forget or correct, made by any process: a
        frame cached under another one may show what they took back (None: no space)."""
        return await self.database.read(retracted_epoch, space=self.space)

    @property
    def loading(self) -> bool:
        """The cache is being loaded in the background; recall asks the database meanwhile."""
        return self._loading is not None and not self._loading.done()

    async def loaded(self) -> None:
        """Wait for the background work of opening, if it runs: a cache load, the plans
        made after open returned (tests and benchmarks)."""
        for task in (self._loading, self._planning):
            if task is not None:
                await asyncio.shield(task)

    async def planned(self) -> None:
        """Wait for the plans warm() left to the background, if they run (tests that count
        queries)."""
        if self._planning is not None:
            await asyncio.shield(self._planning)

    async def close(self) -> None:
        """Stop a background load (its thread finishes a cache nothing reads) and the
        plans warm() left running."""
        for name in ("_loading", "_planning"):
            task = getattr(self, name)
            setattr(self, name, None)
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def rank(self, query: Query, *, now_hours: float | None, pending: bool = True) -> Ranked:
        """The ranked blocks (no side effects). `now_hours` None: the persisted clock.
        `pending` False: active blocks only."""
        if self._wants_vectors and (self.vectors.version is None or self.vectors.behind):
            if self.vectors.version is None and self._in_background():
                self._load_in_background()  # this recall asks the database
            else:
                await self._catch_up()
        self._wants_vectors = True
        return await retrieve(
            self.database,
            self.space,
            query,
            embedder=self.embedder,
            config=self.config,
            now_hours=now_hours,
            share=self.share,
            pending=pending,
            cache=self.vectors,
        )

    async def frame(
        self, query: Query, *, now_hours: float | None, session_id: str | None, ids: bool = False
    ) -> FrameResult:
        """Rank, render within the frame's budget (`ids`: each line starts with the block's
        short id), then reinforce exactly the rendered active blocks and the edges between
        them (and stage co-retrieval pairs)."""
        ranked = await self.rank(query, now_hours=now_hours)
        text, blocks = render_frame(query.frame, ranked, ids=ids)
        promoted = await reinforce(
            self.database,
            self.space,
            [b for b in blocks if not b.pending],  # pending blocks wait for their dream
            now_hours=ranked.now_hours if now_hours is None else now_hours,
            session_id=session_id,
            config=self.config,
        )
        return FrameResult(
            text=text, blocks=blocks, frame_name=query.frame.name, edges_promoted=promoted
        )

    async def warm(self) -> None:
        """Two recalls with a fixed vector and no embedding call, as MemorySystem.open's
        last step: the server plans and compiles the retrieval query (one query file serves
        every frame) and pages in the indexes it reads, so the agent's first recall does
        not pay for that; frame()'s write is planned in the background after open returns
        (_plan_the_rest). A database without the schema (migrations not run) skips it."""
        # The server caches a plan per parameter shape, and every recall sends one shape
        # (store.plan_shapes: lists and texts padded, nothing null), so the first read plans
        # what every recall will use; the second, without a query, pages in the indexes of
        # the queryless frames. One after the other: at once, both would plan it.
        if self._in_background():
            self._load_in_background()
        else:
            await self._catch_up()
        self._wants_vectors = True
        text = await self._warm_text()
        try:
            for asked in (text, None):
                await self._warm_once(asked)
        except StorageError as exc:  # an optimisation: never why open() fails
            log.debug("%s: retrieval warm-up skipped: %s", self.space, exc.message)
            return
        self._planning = asyncio.get_running_loop().create_task(self._plan_the_rest())

    async def _plan_the_rest(self) -> None:
        """After open returned, while the agent starts: frame()'s write planned without
        running it, outside a session and in one (a null and a string are two shapes),
        both at once."""
        plans = [
            functools.partial(
                plan_reinforcement,
                self.database,
                self.space,
                session_id=id_,
                config=self.config,
            )
            for id_ in (None, new_session_id())
        ]
        try:
            await all_at_once(plans)
        except StorageError as exc:
            log.debug("%s: planning after open skipped: %s", self.space, exc.message)
        except Exception:  # an optimisation: the first frame plans it instead
            log.warning("%s: planning after open failed", self.space, exc_info=True)

    async def _warm_text(self) -> str:
        """A query of a usual length holding a word of the space, so that its keyword leg
        finds hits, as a recall's does: where the hits reach the candidates read as a list
        (a cache's words, or both legs asked of the server at once), an empty list is
        another plan, which the first recall would pay for (1.6 s at 70,000 cached blocks;
        1.8-2.4 s at 1M, past the caches). The word comes from the cached words, else from
        a few of the space's blocks (none: the text alone)."""
        if self.vectors.keywords_usable:
            held = list(itertools.islice(self.vectors.keywords.held_terms(), WARM_TERMS_TRIED))
        else:
            try:
                sample = await self.database.read(warm_sample, space=self.space, limit=WARM_SAMPLE)
            except StorageError as exc:  # the warm-up's own query says why, if it fails too
                log.debug("%s: no word for the warm-up: %s", self.space, exc.message)
                sample = []
            held = shared_terms(sample)
        # The query's analysis must find the term again (a stem is not always its own), and
        # the keyword leg must ask it (a question word among others is left out).
        found = next((term for term in held if _asked(term)), None)
        return f"{WARM_TEXT} {found}" if found else WARM_TEXT

    def _in_background(self) -> bool:
        """A space this big loads its cache in the background (background_load_blocks);
        one whose size is not known yet loads while it opens."""
        active = self.share.active
        return (
            active is not None
            and active > self.config.retrieval.background_load_blocks
            and not self.vectors.too_big
        )

    def _load_in_background(self) -> None:
        if not self.loading:
            self._loading = asyncio.get_running_loop().create_task(self._load_fresh())

    async def _load_fresh(self) -> None:
        """A new cache read whole, its analysis in a worker thread, then put in place of the
        current one at once: a recall never sees it half loaded. A dream of this process
        meanwhile leaves it behind (the database would say so anyway: §7.2's epoch check).
        Then one recall from it, so the first real one finds the blocks it reads paged in."""
        fresh, changes = self._new_cache(), self._changes
        try:
            await catch_up(self.database, self.space, fresh, offload=True)
        except StorageError as exc:
            log.debug("%s: vector cache not loaded: %s", self.space, exc.message)
            return
        except Exception:  # an optimisation: recall goes on asking the database
            log.warning("%s: vector cache not loaded", self.space, exc_info=True)
            return
        if fresh.version is None and not fresh.too_big:
            return  # the space is gone or was replaced during the read
        fresh.behind = fresh.behind or changes != self._changes
        self.vectors = fresh
        if fresh.usable or fresh.keywords_usable:
            try:
                await self._warm_once(await self._warm_text())
            except StorageError as exc:
                log.debug("%s: cached retrieval warm-up skipped: %s", self.space, exc.message)

    async def _catch_up(self) -> None:
        """An optimisation: a failed read leaves the cache as it was (unused while behind)."""
        try:
            await catch_up(self.database, self.space, self.vectors)
        except StorageError as exc:
            log.debug("%s: vector cache not brought up to date: %s", self.space, exc.message)

    async def _warm_once(self, text: str | None) -> None:
        await retrieve(
            self.database,
            self.space,
            check_query("attention", text, self.config.retrieval.top_k),
            embedder=_FixedVector(self.embedder.dimensions),
            config=self.config,
            now_hours=None,
            # A copy: what the warm-up sees teaches nothing. With the size, so that a big
            # space's short answer to the warm-up's vector is not scanned (§7.2).
            share=IndexShare(self.share.share, self.share.active),
            cache=self.vectors,
        )

    async def best_match(self, text: str, *, now_hours: float | None) -> Match | None:
        """The best block for a query and its cosine to it: absolute, unlike the ranking's
        similarity, whose best is always 1.0 (connect_by_query's confidence)."""
        ranked = await self.rank(
            check_query("attention", text, 1), now_hours=now_hours, pending=False
        )
        if not ranked.blocks:
            return None
        best = ranked.blocks[0]
        return Match(best.id, best.content, max(0.0, ranked.cosines.get(best.id, 0.0)))

    async def self_context(self, *, now_hours: float | None) -> str:
        """The rendered SELF frame, for the LLM judging new blocks (no side effects)."""
        ranked = await self.rank(
            Query(SELF_FRAME, None, self.config.retrieval.top_k), now_hours=now_hours
        )
        text, _ = render_frame(SELF_FRAME, ranked)
        return text


def _asked(term: str) -> bool:
    """The warm-up's query asks this term as it is."""
    return analysed(term) == [term] and term in (keyword_terms(f"{WARM_TEXT} {term}") or "").split()


def render_frame(
    frame: FrameDefinition, ranked: Ranked, *, ids: bool = False
) -> tuple[str, list[ScoredBlock]]:
    return render(
        frame.template,
        ranked.blocks,
        ranked.guaranteed,
        frame.token_budget,
        goal_tags=frame.guarantees if frame.template == "task" else (),
        ids=ids,
    )


class _FixedVector:
    """An embedder that answers every text with one basis vector (the warm-up's)."""

    model_name = "warm-up"

    def __init__(self, dimensions: int) -> None:
        self.dimensions = dimensions

    async def embed(self, text: str) -> Vector:
        vector = np.zeros(self.dimensions, dtype=np.float32)
        vector[0] = 1.0
        return vector

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return [await self.embed(text) for text in texts]
