"""BM25 over one space's blocks, as the server's full-text index scores them, but with the
space's own statistics (docs/BEHAVIOUR.md §7.2). Pure: no I/O.

The full-text index is shared by every space of the database, and Lucene weighs a word by
how rare it is in the whole index (idf) and a block's length against the whole index's
average. So one tenant's texts change how another's blocks rank: a space of 100,000 short
synthetic facts beside a conversation cut the conversation's keyword-leg recall@10 from
0.75 to 0.71 (docs/BENCHMARKS.md). Here every statistic is the space's own.

What is reproduced of Lucene 9's BM25Similarity (k1 1.2, b 0.75): idf = ln(1 + (N − n +
0.5) / (n + 0.5)) over the blocks that have the field; a block's length encoded on one byte
(exact below 24 terms, then three significant bits), the average length per field; and the
query `content:(terms) summary:(terms)`: each term of the analysed query (a repeat counts
again) scored in both fields, the scores summed. Terms come from core.analysis.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

FIELDS = ("content", "summary")
K1 = 1.2
B = 0.75

# SmallFloat.intToByte4 / byte4ToInt: lengths below 24 are kept exactly, larger ones with a
# 3-bit mantissa; BM25 sees the decoded length.
_FREE_VALUES = 24


def _encoded(length: int) -> int:
    if length < _FREE_VALUES:
        return length
    rest = length - _FREE_VALUES
    bits = rest.bit_length()
    if bits < 4:
        return _FREE_VALUES + rest
    shift = bits - 4
    return _FREE_VALUES + (((rest >> shift) & 0x07) | ((shift + 1) << 3))


def _decoded(byte: int) -> int:
    if byte < _FREE_VALUES:
        return byte
    code = byte - _FREE_VALUES
    mantissa, shift = code & 0x07, (code >> 3) - 1
    return _FREE_VALUES + (mantissa if shift == -1 else (mantissa | 0x08) << shift)


def lucene_length(length: int) -> int:
    """A field's length as BM25 sees it after Lucene's one-byte norm."""
    return _decoded(_encoded(length))


class KeywordIndex:
    """The analysed terms of each block's content and summary, with postings per field."""

    def __init__(self) -> None:
        self._postings: dict[str, dict[str, dict[str, int]]] = {f: {} for f in FIELDS}
        self._lengths: dict[str, dict[str, int]] = {f: {} for f in FIELDS}  # as decoded
        self._length_sums: dict[str, int] = dict.fromkeys(FIELDS, 0)  # exact, as Lucene sums
        # Each block's distinct terms per field and their exact count, for removing it
        # again: a tuple, a quarter of a frozenset's memory (issue 18: the lean load).
        self._blocks: dict[str, dict[str, tuple[tuple[str, ...], int]]] = {}
        # The postings as NumPy rows for search: made after a change, on the next search.
        self._arrays: _Arrays | None = None

    def __len__(self) -> int:
        return len(self._blocks)

    def __contains__(self, block_id: object) -> bool:
        return block_id in self._blocks

    def put(self, block_id: str, fields: Mapping[str, Sequence[str]]) -> None:
        """Index (or index again) a block: each field's analysed terms, in order."""
        self.remove(block_id)
        self._arrays = None
        kept: dict[str, tuple[tuple[str, ...], int]] = {}
        last: Sequence[str] | None = None
        counts: Counter[str] = Counter()
        held: tuple[str, ...] = ()
        for field in FIELDS:
            words = fields.get(field)
            if not words:
                continue
            if words is not last:  # a summary that is the content's own list: counted once
                counts, last = Counter(words), words
                held = tuple(counts)
            for term, count in counts.items():
                self._postings[field].setdefault(term, {})[block_id] = count
            self._lengths[field][block_id] = lucene_length(len(words))
            self._length_sums[field] += len(words)
            kept[field] = (held, len(words))
        self._blocks[block_id] = kept

    def remove(self, block_id: str) -> None:
        """Forget a block (nothing when it is not indexed)."""
        if block_id in self._blocks:
            self._arrays = None
        for field, (held, length) in self._blocks.pop(block_id, {}).items():
            del self._lengths[field][block_id]
            self._length_sums[field] -= length
            postings = self._postings[field]
            for term in held:
                docs = postings[term]
                del docs[block_id]
                if not docs:
                    del postings[term]

    def search(self, query: Sequence[str], n: int) -> tuple[list[str], list[float]]:
        """The n best blocks for the analysed query terms, best first (ties by id), each
        with its BM25 score; blocks holding none of the terms are not returned."""
        if n <= 0 or not self._blocks:
            return [], []
        arrays = self._arrays or self._build_arrays()
        scores = np.zeros(len(arrays.ids))
        for field in FIELDS:
            count = len(self._lengths[field])
            if not count:
                continue
            norms = arrays.norms[field]
            for term in query:
                rows, freqs = arrays.postings(field, term)
                if rows.size:
                    idf = _idf(rows.size, count)
                    scores[rows] += idf * freqs / (freqs + norms[rows])
        hits = np.flatnonzero(scores > 0)  # a term held always scores above 0
        if hits.size > n:
            cut = np.partition(scores[hits], hits.size - n)[hits.size - n]
            hits = hits[scores[hits] >= cut]
        best = sorted(hits.tolist(), key=lambda row: (-scores[row], arrays.ids[row]))[:n]
        return [arrays.ids[row] for row in best], [float(scores[row]) for row in best]

    def _build_arrays(self) -> _Arrays:
        """The rows and length norms of the blocks indexed now (kept until the next change)."""
        ids = list(self._blocks)
        rows = {block_id: row for row, block_id in enumerate(ids)}
        norms = {}
        for field in FIELDS:
            lengths = np.ones(len(ids))
            for block_id, length in self._lengths[field].items():
                lengths[rows[block_id]] = length
            count = len(self._lengths[field])
            average = self._length_sums[field] / count if count else 1.0
            norms[field] = K1 * (1 - B + B * lengths / average)
        self._arrays = _Arrays(ids, rows, norms, self._postings)
        return self._arrays

    def score(self, query: Sequence[str], fields: Mapping[str, Sequence[str]]) -> float:
        """The BM25 score of a block outside the index (learned, not yet dreamed), with the
        index's statistics counting it as one more block."""
        total = 0.0
        for field in FIELDS:
            words = fields.get(field)
            if not words:
                continue
            count = len(self._lengths[field]) + 1
            average = (self._length_sums[field] + len(words)) / count
            freqs = Counter(words)
            norm = K1 * (1 - B + B * lucene_length(len(words)) / average)
            for term in query:
                freq = freqs.get(term, 0)
                if freq:
                    docs = len(self._postings[field].get(term) or ()) + 1
                    total += _idf(docs, count) * freq / (freq + norm)
        return total


class _Arrays:
    """A snapshot of the index for search: each block's row, each field's length norm
    K1·(1 − B + B·length / average) by row, and each term's postings as rows and term
    frequencies, converted the first time a query asks for the term."""

    def __init__(
        self,
        ids: list[str],
        rows: dict[str, int],
        norms: dict[str, npt.NDArray[np.float64]],
        postings: dict[str, dict[str, dict[str, int]]],
    ) -> None:
        self.ids, self.norms = ids, norms
        self._rows, self._postings = rows, postings
        self._converted: dict[
            tuple[str, str], tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]
        ] = {}

    def postings(
        self, field: str, term: str
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float64]]:
        key = (field, term)
        found = self._converted.get(key)
        if found is None:
            docs = self._postings[field].get(term) or {}
            rows = np.fromiter((self._rows[b] for b in docs), dtype=np.intp, count=len(docs))
            freqs = np.fromiter(docs.values(), dtype=np.float64, count=len(docs))
            found = self._converted[key] = (rows, freqs)
        return found


def _idf(docs: int, count: int) -> float:
    return math.log(1 + (count - docs + 0.5) / (docs + 0.5))
