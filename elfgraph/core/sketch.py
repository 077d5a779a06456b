"""Compact copies of embeddings, for diversity (MMR) at retrieval time.

Sending the full float embedding of every retrieval candidate from Neo4j costs more than
the rest of the query (the driver decodes each float on its own: about 16 ms for 20
MiniLM vectors on the shared 2-core machine). MMR only needs how alike two candidates
are, so each block also keeps its embedding quantised to int8, one byte per dimension
(scaled so its largest component is ±127), stored as base64 behind a format tag: 512
characters for MiniLM's 384 dimensions, a string the driver passes in one piece.

The error is bounded, not estimated (docs/BEHAVIOUR.md §7.4): rounding moves each scaled
component by at most ½, so a sketch q of a vector a with n dimensions is within
e = (√n / 2) / (‖q‖ − √n / 2) of a's direction (relative), and the cosine of two sketches
differs from the cosine of their vectors by at most 2·(e_a + e_b) — 0.05-0.07
for MiniLM vectors, and measured far below it (docs/DECISIONS.md, "Sketches keep every
dimension in int8"). An older sketch
(a 64-dimension random projection, whose error reached 0.50) is not read: its block is
left out of diversity until it is dreamed again.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

SKETCH_FORMAT = "q8:"  # int8 of every dimension; untagged sketches are the old projection


def sketch(vector: npt.ArrayLike) -> str:
    """The sketch of an embedding ("" for a zero or non-finite vector)."""
    array = np.asarray(vector, dtype=np.float64).reshape(-1)
    largest = float(np.max(np.abs(array))) if array.size else 0.0
    if largest == 0.0 or not math.isfinite(largest) or not np.all(np.isfinite(array)):
        return ""
    quantised = np.clip(np.round(array / largest * 127), -127, 127).astype(np.int8)
    return SKETCH_FORMAT + base64.b64encode(quantised.tobytes()).decode("ascii")


def sketches(vectors: npt.ArrayLike) -> list[str]:
    """sketch() of each row of a matrix, in one pass (a chunk of a dream: 0.25 ms a block
    one by one); the same strings, row by row."""
    matrix = np.asarray(vectors, dtype=np.float64)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        return [sketch(row) for row in matrix]
    quantised, good = quantised_rows(matrix)
    return [
        SKETCH_FORMAT + base64.b64encode(row.tobytes()).decode("ascii") if ok else ""
        for row, ok in zip(quantised, good.tolist(), strict=True)
    ]


def quantised_rows(
    vectors: npt.ArrayLike,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """Each row of a matrix as its sketch's int8 values, and whether it has a sketch (a zero
    or non-finite row quantises to zeros)."""
    matrix = np.asarray(vectors, dtype=np.float64)
    largest = np.max(np.abs(matrix), axis=1) if matrix.shape[1] else np.zeros(len(matrix))
    good = (largest > 0) & np.isfinite(largest) & np.all(np.isfinite(matrix), axis=1)
    scale = np.where(good, largest, 1.0)[:, None]
    finite = np.where(good[:, None], matrix, 0.0)  # rows sketched as "" never reach int8
    quantised = np.clip(np.round(finite / scale * 127), -127, 127).astype(np.int8)
    return quantised, good


def sketch_bytes(text: str | None) -> npt.NDArray[np.int8] | None:
    """A sketch's int8 values (None for a missing, old or malformed one)."""
    if not text or not text.startswith(SKETCH_FORMAT):
        return None
    try:
        raw = np.frombuffer(base64.b64decode(text[len(SKETCH_FORMAT) :], validate=True), np.int8)
    except ValueError:
        return None
    return raw if raw.shape[0] else None


def unsketch(text: str | None) -> npt.NDArray[np.float64] | None:
    """A sketch back as a unit vector (None for a missing, old or malformed one)."""
    raw = _quantised(text)
    if raw is None:
        return None
    norm = float(np.linalg.norm(raw))
    return raw / norm if norm > 0 else None


def unsketch_many(texts: Sequence[str | None]) -> list[npt.NDArray[np.float64] | None]:
    """unsketch() of each text, the norms taken in one pass (recall's diversity decodes
    20 a query); the same vectors, since an int8 row's squared norm is an exact integer."""
    raws = [_quantised(text) for text in texts]
    sizes = {raw.shape[0] for raw in raws if raw is not None}
    if len(sizes) != 1:  # none, or sketches of different lengths: one by one
        return [unsketch(text) for text in texts]
    present = [raw for raw in raws if raw is not None]
    matrix = np.stack(present)
    norms = np.sqrt(np.einsum("ij,ij->i", matrix, matrix))
    units = iter(
        row / norm if norm > 0 else None for row, norm in zip(matrix, norms.tolist(), strict=True)
    )
    return [None if raw is None else next(units) for raw in raws]


def error_bound(text: str | None) -> float | None:
    """How far the sketch's direction can be from its vector's (relative norm of the
    difference, at most): (√n / 2) / (‖q‖ − √n / 2). None when there is no sketch."""
    raw = _quantised(text)
    if raw is None:
        return None
    half_step = math.sqrt(raw.shape[0]) / 2
    norm = float(np.linalg.norm(raw))
    return half_step / (norm - half_step) if norm > half_step else math.inf


def cosine_error_bound(a: str | None, b: str | None) -> float | None:
    """The most the cosine of two sketches can differ from that of their vectors:
    2·(e_a + e_b), since normalising at most doubles a relative error."""
    bounds = error_bound(a), error_bound(b)
    if bounds[0] is None or bounds[1] is None:
        return None
    return 2 * (bounds[0] + bounds[1])


def _quantised(text: str | None) -> npt.NDArray[np.float64] | None:
    raw = sketch_bytes(text)
    return None if raw is None else raw.astype(np.float64)
