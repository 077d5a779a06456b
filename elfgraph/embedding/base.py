"""The embedding port: what consolidation and retrieval need from an embedding model."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@runtime_checkable
class EmbeddingService(Protocol):
    """Turns text into unit-norm float32 vectors of a fixed dimension.

    `model_name` and `dimensions` are recorded on the space the first time it embeds, and a
    space refuses a service whose model or dimension differs later.
    """

    @property
    def model_name(self) -> str: ...

    @property
    def dimensions(self) -> int: ...

    async def embed(self, text: str) -> Vector: ...

    async def embed_batch(self, texts: list[str]) -> list[Vector]: ...


def normalise(vector: npt.ArrayLike) -> Vector:
    """Unit-norm float32; a zero vector stays zero (cosine with it is then 0)."""
    array = np.asarray(vector, dtype=np.float32).reshape(-1)
    norm = float(np.linalg.norm(array))
    if norm == 0.0 or not np.isfinite(norm):
        return np.zeros_like(array)
    return (array / norm).astype(np.float32)
