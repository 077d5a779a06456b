"""A deterministic embedding service for tests: no model, no network, exact cosines on demand.

Each text maps to a pseudo-random unit vector seeded by its sha256, so unrelated texts are
nearly orthogonal (|cos| ≈ 0.05 at 384 dimensions). `similarities` pins the cosine of
chosen pairs: for `{("a", "b"): 0.93}` the vector of "b" is built from the vector of "a" so
that cos(a, b) is exactly 0.93. Texts are compared stripped and lower-cased, as
consolidation embeds them. A text that depends on several anchors follows the first in
sorted order (the others are then approximate).
"""

from __future__ import annotations

import hashlib
import math

import numpy as np

from elfgraph.embedding.base import Vector, normalise


def _key(text: str) -> str:
    return text.strip().lower()


class MockEmbeddingService:
    """Hash-based embeddings with optional pairwise-cosine overrides."""

    def __init__(
        self,
        *,
        dimensions: int = 384,
        model_name: str | None = None,
        similarities: dict[tuple[str, str], float] | None = None,
        record: bool = True,
    ) -> None:
        self._dimensions = dimensions
        self._model_name = model_name or f"mock-hash-{dimensions}"
        self._anchors: dict[str, list[tuple[str, float]]] = {}
        for (anchor, dependent), value in (similarities or {}).items():
            if not -1.0 <= value <= 1.0:
                raise ValueError(f"cosine {value} for {anchor!r}/{dependent!r} is not in [-1, 1]")
            self._anchors.setdefault(_key(dependent), []).append((_key(anchor), value))
        for anchors in self._anchors.values():
            anchors.sort()
        # every text embedded, for tests to inspect; record=False for long runs (benchmarks)
        self.embedded: list[str] = []
        self._record = record

    @property
    def model_name(self) -> str:
        return self._model_name

    @property
    def dimensions(self) -> int:
        return self._dimensions

    def _base(self, key: str) -> Vector:
        seed = int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "little")
        return normalise(np.random.default_rng(seed).standard_normal(self._dimensions))

    def vector(self, text: str, _seen: frozenset[str] = frozenset()) -> Vector:
        """The vector of a text (synchronous; embed() and embed_batch() use it)."""
        key = _key(text)
        base = self._base(key)
        anchors = [(a, c) for a, c in self._anchors.get(key, []) if a not in _seen and a != key]
        if not anchors:
            return base
        anchor, value = anchors[0]
        pinned = self.vector(anchor, _seen | {key})
        orthogonal = normalise(base - float(np.dot(base, pinned)) * pinned)
        mixed = value * pinned + math.sqrt(max(0.0, 1.0 - value * value)) * orthogonal
        return normalise(mixed)

    async def embed(self, text: str) -> Vector:
        if self._record:
            self.embedded.append(text)
        return self.vector(text)

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        if self._record:
            self.embedded.extend(texts)
        return [self.vector(text) for text in texts]
