"""A mock embedder whose vectors cluster by topic, so dreaming creates edges.

Each text belongs to one of `topics` topics (by a hash of the text); its vector is
0.75·(topic direction) + 0.66·(its own direction), so two texts of one topic sit at a
cosine of about 0.56 — enough for similarity edges — and texts of different topics near 0.
"""

from __future__ import annotations

import hashlib

from elfgraph.embedding.base import Vector, normalise
from elfgraph.embedding.mock import MockEmbeddingService


class TopicEmbedder:
    model_name = "mock-hash-384"  # same lock as the plain mock: the vectors stay comparable
    dimensions = 384

    def __init__(self, topics: int = 200) -> None:
        self._plain = MockEmbeddingService()
        self._topics = topics

    def vector(self, text: str) -> Vector:
        key = text.strip().lower()
        topic = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "little") % self._topics
        centre = self._plain.vector(f"topic direction {topic}")
        return normalise(0.75 * centre + 0.66 * self._plain.vector(key))

    async def embed(self, text: str) -> Vector:
        return self.vector(text)

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return [self.vector(text) for text in texts]
