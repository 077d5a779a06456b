"""Bring recall's vector cache (vector_cache.py) up to the space's vectors and texts: one full read
the first time or when the space was replaced (a new text_key), else only the blocks with
a newer vector epoch (docs/BEHAVIOUR.md §7.2). A cache of sketches (a space past the vectors'
capacity) reads the blocks' int8 sketches instead of their embeddings; a cache of the words
alone reads neither. A block deleted by a forget carries no epoch: when another process
forgot active blocks since (their tombstones' epochs, §12.2), the cache reads every block id of
the space (from the (space, id) index alone) and lets go of the blocks it holds that are gone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import cast

import anyio
import numpy as np

from elfgraph.core.sketch import quantised_rows, sketch_bytes
from elfgraph.retrieval.repository.space_block_ids import space_block_ids
from elfgraph.retrieval.repository.vector_cache_delta import vector_cache_delta
from elfgraph.retrieval.repository.vector_cache_load import vector_cache_load
from elfgraph.retrieval.repository.vector_cache_rows import vector_cache_rows
from elfgraph.retrieval.vector_cache import (
    SKETCHES,
    VECTORS,
    WORDS,
    Kind,
    Texts,
    VectorCache,
    Version,
    unit_rows,
)
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

# Blocks read per page of a full read or a large catch-up. The driver hands each embedding
# over as a list of Python floats (~12 KB a block at 384 dimensions, eight times its float32
# row), so a page is turned into float32 rows before the next is read: a 5,000-block load
# peaked ~60 MB higher in one read.
LOAD_PAGE = 1_000


async def catch_up(
    database: Database, space: str, cache: VectorCache, *, offload: bool = False
) -> None:
    """Load or extend the cache; drop it when the space has outgrown its capacity.
    `offload`: a full load analyses and indexes what it read in a worker thread, so the
    event loop goes on meanwhile (for a cache nothing else reads until it is loaded)."""
    if cache.too_big:
        return
    if cache.version is not None:
        key, epoch = cache.version
        wanted = cache.wants
        delta = await database.read(
            vector_cache_delta,
            space=space,
            since=epoch,
            limit=cache.holds + 1,
            page=LOAD_PAGE,
            vectors=wanted,
        )
        if delta is None:  # the space is gone: nothing to rank
            return
        if delta["key"] == key and delta["seen"] <= cache.holds:
            version = (delta["key"], int(delta["epoch"]))
            cache.forget(delta["gone"])  # archived since: all at once, not recall by recall
            if set(delta["forgets"]) - cache.known_forgets:  # deleted by another process
                there = await database.read(space_block_ids, space=space)
                cache.forget([block for block in cache.held_ids() if block not in there])
            if delta["texts"] is not None and (delta["vectors"] is not None or wanted == WORDS):
                rows = Pages(wanted)
                rows.add(delta["ids"], delta["vectors"], delta["texts"])
                cache.extend(version, rows.ids, rows.matrix(), rows.texts)
                return
            # Past a page, the rows come in pages, gathered before the cache is extended
            # once: a recall running meanwhile never sees it half extended.
            got = await _rows_in_pages(database, space, delta["ids"], kind=wanted)
            cache.extend(version, got.ids, got.matrix(), got.texts)
            return
    full = await database.read(
        _read_space,
        space=space,
        capacity=cache.word_capacity,
        vector_capacity=cache.capacity,
        sketch_capacity=cache.sketch_capacity,
    )
    if full is None:
        return
    if full.too_many:
        cache.drop()
        return
    load = partial(cache.load, full.version, full.pages.ids, full.pages.matrix(), full.pages.texts)
    if offload:
        # Abandoned when cancelled (a closing MemorySystem): the thread finishes a cache
        # that nothing will read.
        await anyio.to_thread.run_sync(load, abandon_on_cancel=True)
    else:
        load()


@dataclass
class Pages:
    """Blocks read page by page, as the cache takes them: ids, texts, and the vectors as
    rows of one matrix, filled page by page (the driver's lists of floats are dropped page
    by page, and no page is copied twice): unit float32 rows for a cache of vectors, int8
    sketches for a cache of sketches, none for a cache of words."""

    kind: Kind = VECTORS
    ids: list[str] = field(default_factory=list)
    texts: list[Texts] = field(default_factory=list)
    expected: int = 0  # rows to make room for at the first page (the space's size)
    _rows: np.ndarray | None = None
    _unreadable: bool = False  # sketches of different widths: the words alone

    def add(
        self,
        ids: list[str],
        vectors: Sequence[list[float] | str | None] | None,
        texts: Sequence[Texts],
    ) -> None:
        """One page: its vectors as the read brought them (embeddings, or sketches with the
        embeddings of blocks without one). A block archived while the page was read comes
        without a vector (Neo4j reads committed data, so a property read after the filter
        may be gone): it is left out, as gone; its new epoch tells the next catch-up."""
        if vectors is not None and self.kind != WORDS and any(v is None for v in vectors):
            kept = [n for n, vector in enumerate(vectors) if vector is not None]
            ids = [ids[n] for n in kept]
            texts = [texts[n] for n in kept]
            vectors = [vectors[n] for n in kept]
        if not ids:
            return
        page = self._decoded(len(ids), cast(Sequence[list[float] | str] | None, vectors))
        start, end = len(self.ids), len(self.ids) + len(ids)
        if self._rows is not None and page.shape[1] != self._rows.shape[1]:
            self._unreadable = True
        elif self._rows is None or end > len(self._rows):  # blocks promoted during the read
            grown = np.empty((max(end, self.expected, 2 * start), page.shape[1]), page.dtype)
            if self._rows is not None:
                grown[:start] = self._rows[:start]
            self._rows = grown
        if not self._unreadable and self._rows is not None:
            self._rows[start:end] = page
        self.ids += ids
        self.texts += texts

    def matrix(self) -> np.ndarray | None:
        """The rows read (None for a cache of words, or sketches that do not fit one
        matrix): the cache keeps this matrix as it is."""
        if self.kind == WORDS or self._unreadable:
            return None
        if self._rows is None:
            return np.zeros((0, 0), dtype=np.int8 if self.kind == SKETCHES else np.float32)
        return self._rows[: len(self.ids)]

    def _decoded(self, count: int, vectors: Sequence[list[float] | str] | None) -> np.ndarray:
        if self.kind == WORDS or vectors is None:
            return np.zeros((count, 0), dtype=np.float32)
        if self.kind == VECTORS:  # a read for vectors brings embeddings alone
            return unit_rows(cast(Sequence[Sequence[float]], vectors))
        return _sketch_matrix(vectors)


def _sketch_matrix(items: Sequence[list[float] | str]) -> np.ndarray:
    """Sketches (or, for blocks without one, embeddings quantised here as a sketch is) as
    int8 rows; a malformed sketch is a zero row, which no query comes near. Rows of
    different widths give a matrix of width 0 (the cache then keeps the words alone)."""
    decoded = [sketch_bytes(item) if isinstance(item, str) else None for item in items]
    floats = [n for n, item in enumerate(items) if not isinstance(item, str)]
    if floats:
        quantised, _ = quantised_rows(np.asarray([items[n] for n in floats], dtype=np.float64))
        for n, row in zip(floats, quantised, strict=True):
            decoded[n] = row
    widths = {len(row) for row in decoded if row is not None}
    if len(widths) != 1:
        return np.zeros((len(items), 0), dtype=np.int8)
    width = widths.pop()
    zero = np.zeros(width, dtype=np.int8)
    return np.stack([zero if row is None else row for row in decoded])


async def _rows_in_pages(database: Database, space: str, wanted: list[str], *, kind: Kind) -> Pages:
    """The wanted blocks still active with an embedding. A block that changed after the
    delta's read has a newer epoch still, and the next catch-up reads it again."""
    pages = Pages(kind)
    for start in range(0, len(wanted), LOAD_PAGE):
        page = await database.read(
            vector_cache_rows, space=space, ids=wanted[start : start + LOAD_PAGE], vectors=kind
        )
        pages.add(page["ids"], page["vectors"], page["texts"])
    return pages


@dataclass
class _FullRead:
    version: Version
    too_many: bool = False  # more active blocks than the cache holds: none read
    pages: Pages = field(default_factory=Pages)


async def _read_space(
    tx: Transaction, *, space: str, capacity: int, vector_capacity: int, sketch_capacity: int
) -> _FullRead | None:
    """Every active embedded block of the space, page by page in one read transaction (its
    version from the first page: a block promoted meanwhile has a newer epoch, and the next
    catch-up reads it again), with their vectors while the space has at most
    `vector_capacity` active blocks, else their sketches while it has at most
    `sketch_capacity`; None when the space is gone or was replaced meanwhile."""
    page = await vector_cache_load(
        tx,
        space=space,
        limit=capacity,
        vector_limit=vector_capacity,
        sketch_limit=sketch_capacity,
        after=None,
        page=LOAD_PAGE,
    )
    if page is None:
        return None
    active = page["active"]
    kind = (
        VECTORS if active <= vector_capacity else SKETCHES if active <= sketch_capacity else WORDS
    )
    read = _FullRead((page["key"], int(page["epoch"])), too_many=active > capacity)
    read.pages = Pages(kind, expected=active)
    # Later pages count 0 active blocks: limits of 0 or -1 bring the same kind of rows.
    vector_limit = 0 if kind == VECTORS else -1
    sketch_limit = -1 if kind == WORDS else 0
    while page["ids"]:
        read.pages.add(page["ids"], page["vectors"], page["texts"])
        if len(page["ids"]) < LOAD_PAGE:
            break
        after = page["ids"][-1]
        del page  # the driver's lists of floats go before the next page comes
        page = await vector_cache_load(
            tx,
            space=space,
            limit=capacity,
            vector_limit=vector_limit,
            sketch_limit=sketch_limit,
            after=after,
            page=LOAD_PAGE,
        )
        if page is None or page["key"] != read.version[0]:
            return None
    return read
