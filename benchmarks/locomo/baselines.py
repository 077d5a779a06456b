"""Retrieval without the database, over the same turn texts, so the graph's contribution is
visible: plain BM25 (Okapi) and plain cosine with the memory's embedder."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

import numpy as np

from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService

# Lucene's English stop words, as the keyword leg's analyser drops them; no stemming.
# fmt: off
STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in",
    "into", "is", "it", "no", "not", "of", "on", "or", "such", "that", "the", "their",
    "then", "there", "these", "they", "this", "to", "was", "will", "with",
})
# fmt: on
_WORD = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]


class BM25:
    """Okapi BM25 (k1 = 1.5, b = 0.75) with the idf floor of the common `rank_bm25`
    implementation: a term in more than half the documents gets 0.25 × the mean idf."""

    def __init__(self, documents: Sequence[str], *, k1: float = 1.5, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.docs = [Counter(tokens(d)) for d in documents]
        self.lengths = np.array([sum(d.values()) for d in self.docs], dtype=np.float64)
        self.mean_length = float(self.lengths.mean()) if len(self.docs) else 0.0
        frequency: Counter[str] = Counter(t for d in self.docs for t in d)
        n = len(self.docs)
        idf = {t: math.log((n - f + 0.5) / (f + 0.5)) for t, f in frequency.items()}
        floor = 0.25 * (sum(idf.values()) / len(idf)) if idf else 0.0
        self.idf = {t: (v if v > 0 else floor) for t, v in idf.items()}

    def scores(self, query: str) -> np.ndarray:
        result = np.zeros(len(self.docs), dtype=np.float64)
        norm = self.k1 * (1 - self.b + self.b * self.lengths / max(self.mean_length, 1e-9))
        for term in set(tokens(query)):
            idf = self.idf.get(term)
            if idf is None:
                continue
            tf = np.array([d.get(term, 0) for d in self.docs], dtype=np.float64)
            result += idf * tf * (self.k1 + 1) / (tf + norm)
        return result

    def rank(self, query: str, top: int) -> list[int]:
        """The indexes of the `top` best documents, best first (ties by index)."""
        return _top(self.scores(query), top)


class Cosine:
    """Cosine between the query's and each document's embedding (texts stripped and
    lower-cased, as dream and recall embed them)."""

    def __init__(self, embedder: EmbeddingService) -> None:
        self.embedder = embedder
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    async def index(self, documents: Sequence[str]) -> None:
        vectors = await self.embedder.embed_batch([normalised_text(d) for d in documents])
        self.matrix = np.stack(vectors).astype(np.float32)

    async def rank(self, query: str, top: int) -> list[int]:
        vector = await self.embedder.embed(normalised_text(query))
        return _top((self.matrix @ vector).astype(np.float64), top)


def _top(scores: np.ndarray, top: int) -> list[int]:
    order = np.lexsort((np.arange(len(scores)), -scores))
    return [int(i) for i in order[:top]]
