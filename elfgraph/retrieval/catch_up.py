"""Bring recall's vector cache (vector_cache.py) up to the space's vectors and texts: one full read
the first time or when the space was replaced (a new text_key), else only the blocks with
a newer vector epoch (docs/BEHAVIOUR.md §7.2). A cache of the words alone (a space past the
vectors' capacity) reads no vector."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from elfgraph.retrieval.repository.vector_cache_delta import vector_cache_delta
from elfgraph.retrieval.repository.vector_cache_load import vector_cache_load
from elfgraph.retrieval.repository.vector_cache_rows import vector_cache_rows
from elfgraph.retrieval.vector_cache import Texts, VectorCache, Version, unit_rows
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

# Blocks read per page of a full read or a large catch-up. The driver hands each embedding
# over as a list of Python floats (~12 KB a block at 384 dimensions, eight times its float32
# row), so a page is turned into float32 rows before the next is read: a 5,000-block load
# peaked ~60 MB higher in one read.
LOAD_PAGE = 1_000


async def catch_up(database: Database, space: str, cache: VectorCache) -> None:
    """Load or extend the cache; drop it when the space has outgrown its capacity."""
    if cache.too_big:
        return
    if cache.version is not None:
        key, epoch = cache.version
        wanted = cache.wants_vectors
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
            if delta["texts"] is not None and (delta["vectors"] is not None or not wanted):
                cache.extend(version, delta["ids"], delta["vectors"], delta["texts"])
                return
            # Past a page, the rows come in pages, gathered before the cache is extended
            # once: a recall running meanwhile never sees it half extended.
            got = await _rows_in_pages(database, space, delta["ids"], vectors=wanted)
            cache.extend(version, got.ids, got.matrix() if wanted else None, got.texts)
            return
    full = await database.read(
        _read_space, space=space, capacity=cache.word_capacity, vector_capacity=cache.capacity
    )
    if full is None:
        return
    if full.too_many:
        cache.drop()
        return
    vectors = None if full.words_only else full.pages.matrix()
    cache.load(full.version, full.pages.ids, vectors, full.pages.texts)


@dataclass
class Pages:
    """Blocks read page by page, as the cache takes them: ids, texts, and the vectors as
    unit float32 rows of one matrix, filled page by page (the driver's lists of floats are
    dropped page by page, and no page is copied twice)."""

    ids: list[str] = field(default_factory=list)
    texts: list[Texts] = field(default_factory=list)
    expected: int = 0  # rows to make room for at the first page (the space's size)
    _rows: np.ndarray | None = None

    def add(
        self, ids: list[str], vectors: list[list[float]] | None, texts: Sequence[Texts]
    ) -> None:
        """One page; without vectors (a cache of the words alone), rows of no dimension."""
        if not ids:
            return
        page = unit_rows(vectors) if vectors is not None else np.zeros((len(ids), 0), np.float32)
        start, end = len(self.ids), len(self.ids) + len(ids)
        if self._rows is None or end > len(self._rows):  # blocks promoted during the read
            grown = np.empty((max(end, self.expected, 2 * start), page.shape[1]), np.float32)
            if self._rows is not None:
                grown[:start] = self._rows[:start]
            self._rows = grown
        self._rows[start:end] = page
        self.ids += ids
        self.texts += texts

    def matrix(self) -> np.ndarray:
        """The rows read, unit length: the cache keeps this matrix as it is."""
        if self._rows is None:
            return np.zeros((0, 0), dtype=np.float32)
        return self._rows[: len(self.ids)]


async def _rows_in_pages(
    database: Database, space: str, wanted: list[str], *, vectors: bool
) -> Pages:
    """The wanted blocks still active with an embedding. A block that changed after the
    delta's read has a newer epoch still, and the next catch-up reads it again."""
    pages = Pages()
    for start in range(0, len(wanted), LOAD_PAGE):
        page = await database.read(
            vector_cache_rows, space=space, ids=wanted[start : start + LOAD_PAGE], vectors=vectors
        )
        pages.add(page["ids"], page["vectors"], page["texts"])
    return pages


@dataclass
class _FullRead:
    version: Version
    too_many: bool = False  # more active blocks than the cache holds: none read
    words_only: bool = False  # more than its vectors' capacity: texts read, no vector
    pages: Pages = field(default_factory=Pages)


async def _read_space(
    tx: Transaction, *, space: str, capacity: int, vector_capacity: int
) -> _FullRead | None:
    """Every active embedded block of the space, page by page in one read transaction (its
    version from the first page: a block promoted meanwhile has a newer epoch, and the next
    catch-up reads it again), with their vectors while the space has at most
    `vector_capacity` active blocks; None when the space is gone or was replaced meanwhile."""
    page = await vector_cache_load(
        tx, space=space, limit=capacity, vector_limit=vector_capacity, after=None, page=LOAD_PAGE
    )
    if page is None:
        return None
    read = _FullRead(
        (page["key"], int(page["epoch"])),
        too_many=page["active"] > capacity,
        words_only=page["active"] > vector_capacity,
    )
    read.pages.expected = page["active"]
    # Later pages count 0 active blocks: -1 keeps their vectors behind too.
    later_limit = -1 if read.words_only else vector_capacity
    while page["ids"]:
        read.pages.add(page["ids"], page["vectors"], page["texts"])
        if len(page["ids"]) < LOAD_PAGE:
            break
        after = page["ids"][-1]
        del page  # the driver's lists of floats go before the next page comes
        page = await vector_cache_load(
            tx, space=space, limit=capacity, vector_limit=later_limit, after=after, page=LOAD_PAGE
        )
        if page is None or page["key"] != read.version[0]:
            return None
    return read
