"""BM25 over one space's blocks, as the server's full-text index scores them, but with the
space's own statistics (docs/BEHAVIOUR.md §7.2). Pure: no I/O.

The full-text index is shared by every space of the database, and Lucene weighs a word by
how rare it is in the whole index (idf) and a block's length against the whole index's
average. So one tenant's texts change how another's blocks rank: a space of 100,000 short
synthetic facts beside a conversation cut the conversation's keyword-leg recall@10 from
0.75 to 0.71 (docs/DECISIONS.md, "The keyword leg ranks by the space's own BM25 statistics").
Here every statistic is the space's own.

What is reproduced of Lucene 9's BM25Similarity (k1 1.2, b 0.75): idf = ln(1 + (N − n +
0.5) / (n + 0.5)) over the blocks that have the field; a block's length encoded on one byte
(exact below 24 terms, then three significant bits), the average length per field; and the
query `content:(terms) summary:(terms)`: each term of the analysed query (a repeat counts
again) scored in both fields, the scores summed. Terms come from core.analysis.

Storage (docs/DECISIONS.md, "The keyword index keeps its postings in arrays"): each block
gets a row; a term's postings in a field are two growing arrays of 4-byte integers (the rows
that hold it and how often), or one integer while a single row holds it (most of a space's
words are said once). A summary that is the content's own list is not stored again: the
summary field reads the content's postings for those rows. A removed block's row is only
marked dead: a term's document frequency counts the live rows of its postings, and the
arrays are compacted once the dead rows outnumber the live ones. A search reads the arrays
as they are, so a change of the space costs the next search no conversion.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence

import numpy as np
import numpy.typing as npt

from elfgraph.core.largest import largest

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
        self._row_of: dict[str, int] = {}
        self._ids: list[str | None] = []  # by row; None once the block is removed
        self._alive = bytearray()  # by row: 1 while the block is indexed
        self._shared = bytearray()  # by row: 1 when its summary is its content's own list
        # field → term → postings (rows and frequencies; summary: the rows not shared).
        self._postings: dict[str, dict[str, Postings]] = {f: {} for f in FIELDS}
        # By row: the field's exact length (0: the block has no such field), and as BM25
        # sees it after the one-byte norm.
        self._lengths: dict[str, array[int]] = {f: array("i") for f in FIELDS}
        self._norm_lengths: dict[str, array[int]] = {f: array("i") for f in FIELDS}
        self._counts: dict[str, int] = dict.fromkeys(FIELDS, 0)  # live blocks with the field
        self._length_sums: dict[str, int] = dict.fromkeys(FIELDS, 0)  # exact, as Lucene sums
        self._dead = 0
        # Until the next change: each field's K1·(1 − B + B·length / average) by row, the
        # masks by row, and the live postings of the terms searched for, with their weights.
        self._norms: dict[str, npt.NDArray[np.float64]] = {}
        self._masks_now: Masks | None = None
        self._live: dict[tuple[str, str], tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]] = {}
        self._weights: dict[
            tuple[str, str], tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]
        ] = {}

    def __len__(self) -> int:
        return len(self._row_of)

    def __contains__(self, block_id: object) -> bool:
        return block_id in self._row_of

    def put(self, block_id: str, fields: Mapping[str, Sequence[str]]) -> None:
        """Index (or index again) a block: each field's analysed terms, in order."""
        self.remove(block_id)
        self._changed()
        row = len(self._ids)
        self._row_of[block_id] = row
        self._ids.append(block_id)
        self._alive.append(1)
        content, summary = fields.get("content") or (), fields.get("summary") or ()
        shared = bool(content) and summary is content
        self._shared.append(shared)
        for field, words in (("content", content), ("summary", summary)):
            self._lengths[field].append(len(words))
            self._norm_lengths[field].append(lucene_length(len(words)))
            if not words:
                continue
            self._counts[field] += 1
            self._length_sums[field] += len(words)
            if field == "summary" and shared:
                continue  # read from the content's postings
            postings = self._postings[field]
            for term, count in Counter(words).items():
                postings[term] = _added(postings.get(term), row, count)

    def remove(self, block_id: str) -> None:
        """Forget a block (nothing when it is not indexed)."""
        row = self._row_of.pop(block_id, None)
        if row is None:
            return
        self._changed()
        self._alive[row] = 0
        self._ids[row] = None
        self._dead += 1
        for field in FIELDS:
            length = self._lengths[field][row]
            if length:
                self._counts[field] -= 1
                self._length_sums[field] -= length
        if self._dead > max(COMPACT_AFTER, len(self._row_of)):
            self._compact()

    def search(self, query: Sequence[str], n: int) -> tuple[list[str], list[float]]:
        """The n best blocks for the analysed query terms, best first (ties by id), each
        with its BM25 score; blocks holding none of the terms are not returned."""
        if n <= 0 or not self._row_of:
            return [], []
        masks = self._masks()
        scores = np.zeros(len(self._ids))
        for field in FIELDS:
            count = self._counts[field]
            if not count:
                continue
            for term in query:
                rows, weights = self._term_weights(field, term, masks)
                if rows.size:
                    scores[rows] += _idf(rows.size, count) * weights
        # A term held always scores above 0; every block tied with the n-th competes on id.
        cut = max(float(scores[largest(scores, n)].min()), np.nextafter(0.0, 1.0))
        hits = np.flatnonzero(scores >= cut)
        ids = self._ids
        ranked = sorted(  # tuples, not a key function: ~100 ties are common (BENCHMARKS)
            zip((-scores[hits]).tolist(), [ids[row] or "" for row in hits.tolist()], strict=True)
        )[:n]
        return [block_id for _, block_id in ranked], [-score for score, _ in ranked]

    def score(self, query: Sequence[str], fields: Mapping[str, Sequence[str]]) -> float:
        """The BM25 score of a block outside the index (learned, not yet dreamed), with the
        index's statistics counting it as one more block."""
        masks = self._masks()
        total = 0.0
        for field in FIELDS:
            words = fields.get(field)
            if not words:
                continue
            count = self._counts[field] + 1
            average = (self._length_sums[field] + len(words)) / count
            freqs = Counter(words)
            norm = K1 * (1 - B + B * lucene_length(len(words)) / average)
            for term in query:
                freq = freqs.get(term, 0)
                if freq:
                    docs = self._live_postings(field, term, masks)[0].size + 1
                    total += _idf(docs, count) * freq / (freq + norm)
        return total

    def held_terms(self) -> Iterator[str]:
        """The terms some indexed block holds in its content, in the order first indexed."""
        masks = self._masks() if self._dead else None
        for term in self._postings["content"]:
            if masks is None or self._live_postings("content", term, masks)[0].size:
                yield term

    def _changed(self) -> None:
        self._norms, self._masks_now, self._live, self._weights = {}, None, {}, {}

    def _masks(self) -> Masks:
        """By row: alive, and summary shared with the content."""
        if self._masks_now is None:
            self._masks_now = (
                np.frombuffer(bytes(self._alive), dtype=np.uint8).astype(bool),
                np.frombuffer(bytes(self._shared), dtype=np.uint8).astype(bool),
            )
        return self._masks_now

    def _live_postings(
        self, field: str, term: str, masks: Masks
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """A term's rows and frequencies in a field, live rows only (copies, kept until
        the next change: an array exporting its buffer could not grow)."""
        found = self._live.get((field, term))
        if found is None:
            found = self._live[(field, term)] = self._read_postings(field, term, masks)
        return found

    def _term_weights(
        self, field: str, term: str, masks: Masks
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]:
        """A term's live rows in a field and each row's BM25 weight before the idf,
        freq / (freq + norm): kept until the next change, like the postings, so a search
        of common words does not compute them again (docs/DECISIONS.md, "The in-process legs
        find their best without a full partition")."""
        found = self._weights.get((field, term))
        if found is None:
            rows, freqs = self._live_postings(field, term, masks)
            weights = freqs / (freqs + self._field_norms(field)[rows])
            found = self._weights[(field, term)] = (rows, weights)
        return found

    def _read_postings(
        self, field: str, term: str, masks: Masks
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        alive, shared = masks
        rows, freqs = _as_arrays(self._postings[field].get(term))
        if field == "summary":
            content_rows, content_freqs = _as_arrays(self._postings["content"].get(term))
            same = shared[content_rows]
            rows = np.concatenate((rows, content_rows[same]))
            freqs = np.concatenate((freqs, content_freqs[same]))
        if self._dead:
            live = alive[rows]
            rows, freqs = rows[live], freqs[live]
        return rows, freqs

    def _field_norms(self, field: str) -> npt.NDArray[np.float64]:
        norms = self._norms.get(field)
        if norms is None:
            lengths = np.array(self._norm_lengths[field], dtype=np.float64)
            average = self._length_sums[field] / self._counts[field]
            norms = self._norms[field] = K1 * (1 - B + B * lengths / average)
        return norms

    def _compact(self) -> None:
        """Drop the dead rows: every posting keeps its live entries, renumbered."""
        alive = self._masks()[0]
        renumbered = np.cumsum(alive, dtype=np.int64) - 1
        for field in FIELDS:
            kept: dict[str, Postings] = {}
            for term, postings in self._postings[field].items():
                rows, freqs = _as_arrays(postings)
                live = alive[rows]
                if live.any():
                    kept[term] = _packed(renumbered[rows[live]], freqs[live])
            self._postings[field] = kept
            for by_row in (self._lengths, self._norm_lengths):
                values = np.array(by_row[field], dtype=np.int32)[alive]
                by_row[field] = array("i", values.tobytes())
        self._shared = bytearray(np.frombuffer(bytes(self._shared), dtype=np.uint8)[alive])
        self._ids = [i for i in self._ids if i is not None]
        self._row_of = {block_id: row for row, block_id in enumerate(self._ids) if block_id}
        self._alive = bytearray(b"\x01" * len(self._ids))
        self._dead = 0
        self._changed()


COMPACT_AFTER = 1024  # dead rows kept before a compaction is considered
# One row's posting as a single integer: row · FREQUENCY_SPAN + frequency.
FREQUENCY_SPAN = 1 << 20
Postings = int | tuple["array[int]", "array[int]"]
Masks = tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]


def _added(postings: Postings | None, row: int, count: int) -> Postings:
    """The postings with one more row (appended in place when they are arrays)."""
    if postings is None and count < FREQUENCY_SPAN:
        return row * FREQUENCY_SPAN + count
    if postings is None:
        postings = (array("i"), array("i"))
    elif isinstance(postings, int):
        first, frequency = divmod(postings, FREQUENCY_SPAN)
        postings = (array("i", [first]), array("i", [frequency]))
    postings[0].append(row)
    postings[1].append(count)
    return postings


def _as_arrays(postings: Postings | None) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    if postings is None:
        return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32)
    if isinstance(postings, int):
        row, frequency = divmod(postings, FREQUENCY_SPAN)
        return np.array([row], dtype=np.int32), np.array([frequency], dtype=np.int32)
    return np.array(postings[0], dtype=np.int32), np.array(postings[1], dtype=np.int32)


def _packed(rows: npt.NDArray[np.int64], freqs: npt.NDArray[np.int32]) -> Postings:
    if rows.size == 1 and int(freqs[0]) < FREQUENCY_SPAN:
        return int(rows[0]) * FREQUENCY_SPAN + int(freqs[0])
    return (
        array("i", rows.astype(np.int32).tobytes()),
        array("i", freqs.astype(np.int32).tobytes()),
    )


def _idf(docs: int, count: int) -> float:
    return math.log(1 + (count - docs + 0.5) / (docs + 0.5))
