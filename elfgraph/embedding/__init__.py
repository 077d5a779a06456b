"""Embedding services: the port, the default local MiniLM model, mocks, and adapters."""

from elfgraph.embedding.base import EmbeddingService, Vector, normalise

__all__ = ["EmbeddingService", "Vector", "normalise"]
