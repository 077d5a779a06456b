"""The vector index all spaces share, and the embedding lock of each space."""

from __future__ import annotations

from typing import Any

from elfgraph.core.hnsw import HNSW_EF_CONSTRUCTION
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.choice import setting_for_model
from elfgraph.errors import StorageError
from elfgraph.schema.checked import forget_checked, is_checked, remember_checked
from elfgraph.schema.migrations import schema_indexes
from elfgraph.schema.models import IndexInfo
from elfgraph.spaces.repository.create_vector_index import create_vector_index
from elfgraph.spaces.repository.drop_vector_index import drop_vector_index
from elfgraph.store.database import Database

VECTOR_INDEX = "block_embedding"


async def ensure_vector_index(database: Database, dimensions: int) -> None:
    """Create the shared vector index for this dimension, or refuse if it has another.
    Skipped when this run of the local server already passed it (elfgraph.schema.checked)."""
    if is_checked(database.connection, VECTOR_INDEX, str(dimensions)):
        return
    existing = [i for i in await schema_indexes(database) if i.name == VECTOR_INDEX]
    if not existing:
        try:
            await database.write(
                create_vector_index, dimensions=dimensions, ef_construction=HNSW_EF_CONSTRUCTION
            )
        except StorageError as exc:
            # Another process created it between our look and our commit: fine.
            if "AlreadyExists" not in (getattr(exc.__cause__, "code", "") or ""):
                raise
        existing = [i for i in await schema_indexes(database) if i.name == VECTOR_INDEX]
    indexed = index_dimensions(existing[0]) if existing else None
    if indexed != dimensions:
        raise StorageError(
            f"The vector index {VECTOR_INDEX!r} of {database.uri} holds {indexed}-dimension "
            f"vectors; this embedding model makes {dimensions}.",
            recovery="All spaces of one database share the vector index: use an embedding "
            f"model with {indexed} dimensions, or another Neo4j database.",
        )
    remember_checked(database.connection, VECTOR_INDEX, str(dimensions))


async def vector_index_dimensions(database: Database) -> int | None:
    """The shared vector index's dimension, or None when there is no index yet."""
    existing = [i for i in await schema_indexes(database) if i.name == VECTOR_INDEX]
    return index_dimensions(existing[0]) if existing else None


async def drop_shared_vector_index(database: Database) -> None:
    """Drop the shared vector index (the server warm-up does, on a database it found
    without spaces); the next space to open creates it for its own embedder."""
    await database.write(drop_vector_index)
    forget_checked(database.connection, VECTOR_INDEX)


def check_embedding_lock(
    space: str, model: str | None, dimensions: int | None, embedder: EmbeddingService
) -> None:
    """Refuse an embedder that differs from the model the space is locked to."""
    if model is None:
        return
    if (model, dimensions) != (embedder.model_name, embedder.dimensions):
        setting = setting_for_model(model)
        same = (
            f"set ELFGRAPH_EMBEDDER={setting} (or pass that embedding service)"
            if setting
            else "open the space with the same embedding service"
        )
        raise StorageError(
            f"Space {space!r} is locked to embedding model {model!r} ({dimensions} dims); "
            f"this MemorySystem uses {embedder.model_name!r} ({embedder.dimensions} dims). "
            "Vectors of two models are never mixed in one space.",
            recovery=f"To use this space, {same}; to use the new model, learn into a new "
            "space (a space's blocks are not embedded again in place).",
        )


def index_dimensions(index: IndexInfo) -> int | None:
    """The `vector.dimensions` of a vector index, if it has one."""
    config: dict[str, Any] = (index.options or {}).get("indexConfig") or {}
    value = config.get("vector.dimensions")
    return int(value) if value is not None else None
