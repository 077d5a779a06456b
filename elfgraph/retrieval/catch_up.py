"""Bring recall's vector cache (vector_cache.py) up to the space's vectors and texts: one full read
the first time or when the space was replaced (a new text_key), else only the blocks with
a newer vector epoch (docs/BEHAVIOUR.md §7.2)."""

from __future__ import annotations

from elfgraph.retrieval.repository.vector_cache_delta import vector_cache_delta
from elfgraph.retrieval.repository.vector_cache_load import vector_cache_load
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.store.database import Database


async def catch_up(database: Database, space: str, cache: VectorCache) -> None:
    """Load or extend the cache; drop it when the space has outgrown its capacity."""
    if cache.too_big:
        return
    if cache.version is not None:
        key, epoch = cache.version
        delta = await database.read(
            vector_cache_delta, space=space, since=epoch, limit=cache.capacity + 1
        )
        if delta is None:  # the space is gone: nothing to rank
            return
        if delta["key"] == key and delta["seen"] <= cache.capacity:
            version = (delta["key"], int(delta["epoch"]))
            cache.extend(version, delta["ids"], delta["vectors"], delta["texts"])
            return
    full = await database.read(vector_cache_load, space=space, limit=cache.capacity)
    if full is None:
        return
    if full["active"] > cache.capacity:
        cache.drop()
        return
    cache.load((full["key"], int(full["epoch"])), full["ids"], full["vectors"], full["texts"])
