"""Recall's vector cache (docs/BEHAVIOUR.md §7.2): a small space's embeddings kept in the
process, so the vector leg ranks them with one matrix product instead of asking the shared
vector index (which over-fetches more the smaller the space's share of it) or scanning the
space on the server; and the words of its texts (core.keyword_index), so the keyword leg
ranks them by the space's own statistics rather than those of the shared full-text index.
The candidates query checks, in the same read, that the space's vector version (its
text_key and vector epoch, which every statement that makes blocks active with a vector,
or lengthens an active block's summary, bumps) is still the cache's: a stale cache is never
used, and the caller then catches up by reading only the blocks with a newer epoch.

A space past the vectors' capacity but within `sketch_capacity` keeps its vectors as int8
sketches (sketch_rows.py: a quarter of the memory), and the vector leg ranks them in the
process approximately, as the server's index would. Past that, within `word_capacity`, it
keeps its words alone (`words_only`): the keyword leg still ranks in the process, the vector
leg asks the index. A cache only ever steps down (vectors → sketches → words → given up)
until the next full load (a space that shrinks back gets its vectors again when a
MemorySystem next opens on it). No I/O here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from elfgraph.core.analysis import terms
from elfgraph.core.keyword_index import KeywordIndex
from elfgraph.core.largest import largest
from elfgraph.core.sketch import quantised_rows
from elfgraph.retrieval.sketch_rows import SketchRows

# Version of a space's vectors: (its text_key, its vector epoch).
Version = tuple[str, int]
# A block's texts as the full-text index holds them: [content, summary].
Texts = Sequence[str | None]
# What a cache keeps of its blocks' vectors: float32 rows, int8 sketches, or nothing.
VECTORS, SKETCHES, WORDS = "vectors", "sketches", "words"
Kind = str


class VectorCache:
    """Every active embedded block of one space, as unit rows of a float32 matrix (or, past
    their capacity, as int8 sketches), and the analysed words of their texts."""

    def __init__(
        self, capacity: int, word_capacity: int | None = None, sketch_capacity: int | None = None
    ) -> None:
        self.capacity = capacity  # at most this many blocks' vectors; 0: never
        # At most this many blocks' sketches, and words (never fewer than the vectors').
        self.sketch_capacity = max(capacity, sketch_capacity or 0)
        self.word_capacity = max(self.sketch_capacity, word_capacity or 0)
        self.version: Version | None = None  # None: nothing loaded yet
        self.behind = False  # the database moved on: catch up before the next use
        self.too_big = self.word_capacity <= 0  # outgrew even the words: the index's
        self.kind: Kind = VECTORS
        self._ids: list[str] = []
        self._rows: dict[str, int] = {}
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._sketches: SketchRows | None = None
        self._alive = np.zeros(0, dtype=bool)
        self.keywords = KeywordIndex()
        # Every cached block's texts were given: the keyword index holds the whole space.
        self.keywords_complete = True
        # Vector epochs of forgets this process made, whose blocks it forgot itself: a
        # catch-up need not check its blocks for those (docs/BEHAVIOUR.md §12).
        self.known_forgets: set[int] = set()

    def __len__(self) -> int:
        return int(self._alive.sum())

    @property
    def usable(self) -> bool:
        """The vector leg can rank from the cache."""
        return self.keywords_current and not self.words_only

    @property
    def words_only(self) -> bool:
        """Past the sketches' capacity (or given no vector): the words alone."""
        return self.kind == WORDS

    @property
    def approximate(self) -> bool:
        """The vector leg ranks sketches: cosines within their error bound."""
        return self.kind == SKETCHES

    @property
    def keywords_usable(self) -> bool:
        """The keyword leg can rank from the cache."""
        return self.keywords_current and self.keywords_complete

    @property
    def keywords_current(self) -> bool:
        return self.version is not None and not self.behind and not self.too_big

    @property
    def holds(self) -> int:
        """How many blocks the cache may hold now."""
        return {VECTORS: self.capacity, SKETCHES: self.sketch_capacity}.get(
            self.kind, self.word_capacity
        )

    @property
    def wants(self) -> Kind:
        """What a read for this cache should bring of each block's vector."""
        return self.kind

    def kind_for(self, blocks: int) -> Kind:
        """What a cache of this many blocks keeps."""
        if blocks <= self.capacity:
            return VECTORS
        return SKETCHES if blocks <= self.sketch_capacity else WORDS

    def load(
        self,
        version: Version,
        ids: Sequence[str],
        vectors: Sequence[Sequence[float]] | np.ndarray | None,
        texts: Sequence[Texts] | None = None,
    ) -> None:
        """Start afresh from a full read of the space. `vectors`: float rows, or int8
        sketch rows (a space past the vectors' capacity). A float32 matrix of unit rows is
        kept as it is, not copied (catch_up's): the caller lets go of it. Without vectors,
        the words alone; with more blocks than a kind's capacity, the next kind down."""
        self._clear()
        self.too_big = self.word_capacity <= 0
        self.kind = WORDS if vectors is None else self.kind_for(len(ids))
        self.extend(version, ids, vectors, texts)

    def extend(
        self,
        version: Version,
        ids: Sequence[str],
        vectors: Sequence[Sequence[float]] | np.ndarray | None,
        texts: Sequence[Texts] | None = None,
    ) -> None:
        """Add (or replace) the blocks read since the cache's epoch, with their texts
        (without them the keyword index no longer holds the whole space); the cache is then
        at `version`. Past a kind's capacity it steps down: float vectors become sketches,
        sketches go and the words stay; past the words' it gives up: the space is the
        index's again. Blocks given without vectors leave the words alone; given as
        sketches, a cache of float vectors keeps sketches."""
        if self.too_big:
            return
        if texts is None:
            self.keywords_complete = self.keywords_complete and not ids
        else:
            for block_id, (content, summary) in zip(ids, texts, strict=True):
                self.keywords.put(block_id, _fields(content, summary))
        fresh = list(
            {block_id: n for n, block_id in enumerate(ids) if block_id not in self._rows}.values()
        )
        if len(self._ids) + len(fresh) > self.holds:
            self._compact()
            if len(self._ids) + len(fresh) > self.word_capacity:
                self.drop()
                return
            self._step_down(self.kind_for(len(self._ids) + len(fresh)))
        if ids and vectors is None:
            self._step_down(WORDS)  # blocks without their vectors: only the words can stay
        elif ids and _is_sketches(vectors) and self.kind == VECTORS:
            self._step_down(SKETCHES)
        rows = self._rows_for(ids, vectors)
        if rows is None:  # sketches of another width: the words alone
            self._step_down(WORDS)
            rows = np.zeros((len(ids), 0), dtype=np.float32)
        for n, block_id in enumerate(ids):
            at = self._rows.get(block_id)
            if at is not None:
                self._set_row(at, rows[n])
                self._alive[at] = True
        if fresh:
            self._add_rows(rows if len(fresh) == len(rows) else rows[fresh])
            self._alive = np.concatenate([self._alive, np.ones(len(fresh), dtype=bool)])
            for n in fresh:
                self._rows[ids[n]] = len(self._ids)
                self._ids.append(ids[n])
        self.version, self.behind = version, False

    def _rows_for(
        self, ids: Sequence[str], vectors: Sequence[Sequence[float]] | np.ndarray | None
    ) -> np.ndarray | None:
        """The given vectors as this kind keeps them; None when they cannot be."""
        if self.kind == WORDS or vectors is None or not ids:
            return np.zeros((len(ids), 0), dtype=np.float32)
        if self.kind == VECTORS:
            return _units(vectors)
        sketches = (
            vectors
            if isinstance(vectors, np.ndarray) and _is_sketches(vectors)
            else quantised_rows(_units(vectors))[0]
        )
        if self._sketches is not None and sketches.shape[1] != self._sketches.dimensions:
            return None
        return sketches

    def _set_row(self, at: int, row: np.ndarray) -> None:
        if self.kind == VECTORS:
            self._matrix[at] = row
        elif self.kind == SKETCHES and self._sketches is not None:
            self._sketches.replace(at, row)

    def _add_rows(self, rows: np.ndarray) -> None:
        """Rows for new blocks, at the end. A full load (every row new, in order) keeps its
        float rows as they came: each copy of a 20,000-block matrix is 30 MB more at the
        peak, and the allocator keeps most of the peak (docs/DECISIONS.md, "The vector cache
        holds spaces of up to 20,000 blocks, read in pages")."""
        if self.kind == VECTORS:
            self._matrix = np.vstack([self._matrix, rows]) if self._ids else rows
        elif self.kind == SKETCHES:
            if self._sketches is None:
                self._sketches = SketchRows(rows.shape[1])
            self._sketches.append(rows)

    def _step_down(self, kind: Kind) -> None:
        """Keep less of each vector: float rows become sketches (quantised here, as the
        database's own sketches are), sketches go. Never a step up."""
        order = [VECTORS, SKETCHES, WORDS]
        if order.index(kind) <= order.index(self.kind):
            return
        if kind == SKETCHES and self._ids:
            self._sketches = SketchRows(self._matrix.shape[1])
            self._sketches.append(quantised_rows(self._matrix)[0])
        if kind == WORDS:
            self._sketches = None
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self.kind = kind

    def observe(self, version: Version, dead: Sequence[str]) -> None:
        """What a recall read: the space's vector version now, and cached ids it found no
        longer active."""
        self.forget(dead)
        if self.version is not None and version != self.version:
            self.behind = True

    def forget(self, ids: Iterable[str]) -> None:
        """Blocks the database no longer has active (archived, deleted)."""
        for block_id in ids:
            self.keywords.remove(block_id)
            at = self._rows.get(block_id)
            if at is not None:
                self._alive[at] = False

    def forgotten(self, ids: Sequence[str], epochs: Iterable[int]) -> None:
        """This process forgot these blocks, at these vector epochs."""
        self.forget(ids)
        self.known_forgets.update(epochs)

    def held_ids(self) -> list[str]:
        """The ids of the blocks the cache holds (for a check that they still exist)."""
        return [self._ids[at] for at in np.flatnonzero(self._alive).tolist()]

    def drop(self) -> None:
        """Give up: too many blocks for the cache; recall asks the database."""
        self._clear()
        self.too_big = True

    def _clear(self) -> None:
        self.version, self.kind = None, VECTORS
        self.keywords, self.keywords_complete = KeywordIndex(), True
        self._ids, self._rows = [], {}
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._sketches = None
        self._alive = np.zeros(0, dtype=bool)

    def _compact(self) -> None:
        """Let go of the rows of forgotten blocks."""
        keep = np.flatnonzero(self._alive)
        self._ids = [self._ids[at] for at in keep]
        self._rows = {block_id: at for at, block_id in enumerate(self._ids)}
        if self.kind == VECTORS and len(self._matrix):
            self._matrix = self._matrix[keep]
        if self._sketches is not None:
            self._sketches.keep(keep)
        self._alive = np.ones(len(self._ids), dtype=bool)

    def nearest(
        self, vector: Sequence[float] | np.ndarray, n: int
    ) -> tuple[list[str], list[float]]:
        """The n nearest blocks, nearest first (ties by id), each with its score on the
        vector index's scale, (1 + cosine) / 2. From sketches (`approximate`), about the n
        nearest (docs/BEHAVIOUR.md §7.2 says how near), with their sketches' cosines."""
        if n <= 0 or not self._alive.any():
            return [], []
        query = _units([vector])[0]
        n = min(n, int(self._alive.sum()))
        if self.kind == SKETCHES and self._sketches is not None:
            best, found = self._sketches.nearest(query, n, self._alive)
            cosine = dict(zip(best.tolist(), found.tolist(), strict=True))
        else:
            cosines = self._matrix @ query
            cosines[~self._alive] = -np.inf
            best = largest(cosines, n)
            cosine = {at: float(cosines[at]) for at in best.tolist()}
        order = sorted(cosine, key=lambda at: (-cosine[at], self._ids[at]))
        return [self._ids[at] for at in order], [(1.0 + cosine[at]) / 2 for at in order]


def _is_sketches(vectors: object) -> bool:
    return isinstance(vectors, np.ndarray) and vectors.dtype == np.int8


def _fields(content: str | None, summary: str | None) -> dict[str, list[str]]:
    """A block's analysed fields; a summary equal to the content is analysed once."""
    words = terms(content or "")
    return {"content": words, "summary": words if summary == content else terms(summary or "")}


def unit_rows(vectors: Sequence[Sequence[float] | np.ndarray] | np.ndarray) -> np.ndarray:
    """Rows scaled to unit length (a zero row stays zero), as a new float32 matrix."""
    matrix = np.array(vectors, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix /= np.where(norms == 0, 1.0, norms)
    return matrix


def _units(vectors: Sequence[Sequence[float] | np.ndarray] | np.ndarray) -> np.ndarray:
    """unit_rows, but a float32 matrix whose rows are unit already is kept, not copied (a
    full load's: catch_up made its rows so)."""
    if isinstance(vectors, np.ndarray) and vectors.dtype == np.float32 and vectors.ndim == 2:
        norms = np.linalg.norm(vectors, axis=1)
        if np.all((np.abs(norms - 1.0) < 1e-5) | (norms == 0)):
            return vectors
    return unit_rows(vectors)
