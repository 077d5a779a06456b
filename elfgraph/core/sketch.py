"""Small sketches of embeddings, for diversity (MMR) at retrieval time.

Sending the full 384-float embedding of every retrieval candidate from Neo4j costs more
than the rest of the query (about 16 ms for 30 candidates here). MMR only needs how alike
two candidates are, so each block also keeps a 64-dimension random projection of its
embedding, quantised to int8 and stored as 88 base64 characters: a few hundred bytes per
recall instead of ~100 KB. The cosine of two sketches estimates the cosine of the
embeddings to within about ±0.1 (closer for near-duplicates, the case MMR cares about).
"""

from __future__ import annotations

import base64
from functools import cache

import numpy as np
import numpy.typing as npt

SKETCH_DIMS = 64
_SEED = 0x5E7C4  # fixed: sketches written by any process must be comparable


@cache
def _projection(dimensions: int) -> npt.NDArray[np.float32]:
    rng = np.random.default_rng(_SEED + dimensions)
    return rng.standard_normal((dimensions, SKETCH_DIMS)).astype(np.float32)


def sketch(vector: npt.ArrayLike) -> str:
    """The sketch of an embedding: a random projection, unit-normed, as int8 base64."""
    array = np.asarray(vector, dtype=np.float32).reshape(-1)
    projected = array @ _projection(array.shape[0])
    norm = float(np.linalg.norm(projected))
    if norm == 0.0 or not np.isfinite(norm):
        return ""
    quantised = np.clip(np.round(projected / norm * 127), -127, 127).astype(np.int8)
    return base64.b64encode(quantised.tobytes()).decode("ascii")


def unsketch(text: str | None) -> npt.NDArray[np.float32] | None:
    """A sketch back as a unit vector (None for a missing or malformed one)."""
    if not text:
        return None
    try:
        raw = np.frombuffer(base64.b64decode(text, validate=True), dtype=np.int8)
    except ValueError:
        return None
    if raw.shape[0] != SKETCH_DIMS:
        return None
    vector = raw.astype(np.float32)
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else None
