"""Embedding services made for tests, beside elfgraph's own MockEmbeddingService."""

from __future__ import annotations

from elfgraph.embedding.base import Vector, normalise
from elfgraph.embedding.mock import MockEmbeddingService


class ClusterEmbedder:
    """Texts containing 'cluster' share a direction (pairwise cosine ≈ 0.64)."""

    model_name = "mock-hash-384"
    dimensions = 384

    def __init__(self) -> None:
        self.base = MockEmbeddingService()
        self.centre = self.base.vector("the shared cluster direction")

    def vector(self, text: str) -> Vector:
        own = self.base.vector(text)
        if "cluster" not in text:
            return own
        return normalise(0.8 * self.centre + 0.6 * own)

    async def embed(self, text: str) -> Vector:
        return self.vector(text)

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return [self.vector(t) for t in texts]
