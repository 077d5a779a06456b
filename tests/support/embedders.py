"""Embedding services made for tests, beside elfgraph's own MockEmbeddingService."""

from __future__ import annotations

import re

import numpy as np

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


class VariantEmbedder(ClusterEmbedder):
    """As ClusterEmbedder; besides, texts containing 'variant' are near-duplicates of each
    other and unlike the rest, at a cosine set by `spread`: 0.2 gives ≈ 0.96 (above dream's
    near_dup_exact_threshold: later ones are archived into the first, which absorbs their
    texts), 0.285 gives ≈ 0.925 (between the near and exact thresholds: each new variant
    supersedes the one before it)."""

    def __init__(self, spread: float) -> None:
        super().__init__()
        self.spread = spread
        self.variant = self.base.vector("the shared variant direction")

    def vector(self, text: str) -> Vector:
        if "variant" not in text:
            return super().vector(text)
        return normalise(self.variant + self.spread * self.base.vector(text))


class BagOfWordsEmbedder:
    """Each word (lower case, no stemming, a few stop words left out) is its own direction,
    in the order words are first seen (no collisions for the first 384 words): two texts'
    cosine comes from their shared words, and is 0 when they share none."""

    model_name = "mock-bag-of-words-384"
    dimensions = 384
    stop_words = frozenset({"a", "an", "the", "is", "are", "of", "to", "in", "it", "and"})

    def __init__(self) -> None:
        self.slots: dict[str, int] = {}

    def vector(self, text: str) -> Vector:
        counts = np.zeros(self.dimensions)
        for word in re.findall(r"\w+", text.lower()):
            if word not in self.stop_words:
                slot = self.slots.setdefault(word, len(self.slots) % self.dimensions)
                counts[slot] += 1.0
        if not counts.any():
            counts[0] = 1.0
        return normalise(counts)

    async def embed(self, text: str) -> Vector:
        return self.vector(text)

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return [self.vector(t) for t in texts]
