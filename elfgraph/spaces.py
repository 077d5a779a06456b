"""Spaces: named, isolated memories. A space node holds its clock and its embedding lock."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from elfgraph.database import Database
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError, StorageError
from elfgraph.migrations import index_dimensions
from elfgraph.models import SpaceRecord
from elfgraph.repository.migrations.list_indexes import list_indexes
from elfgraph.repository.spaces.create_vector_index import create_vector_index
from elfgraph.repository.spaces.delete_space import delete_space
from elfgraph.repository.spaces.ensure_space import ensure_space
from elfgraph.repository.spaces.get_space import get_space
from elfgraph.repository.spaces.list_spaces import list_spaces as list_space_records
from elfgraph.repository.spaces.lock_embedding import lock_embedding

SPACE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
VECTOR_INDEX = "block_embedding"


def validate_space_name(name: object) -> str:
    """Return the name if it is a valid space name, else raise ConfigError."""
    if not isinstance(name, str) or not SPACE_NAME.fullmatch(name):
        raise ConfigError(
            f"Invalid space name {name!r}.",
            recovery="Use 1-64 characters: letters, digits, '_', '.', '-', starting with a "
            "letter or digit (e.g. 'default', 'agent-7', 'project.notes').",
        )
    return name


async def open_space(database: Database, name: str) -> SpaceRecord:
    """The space of that name, created on first use."""
    validate_space_name(name)
    return await database.write(ensure_space, name=name, now=datetime.now(UTC).isoformat())


async def find_space(database: Database, name: str) -> SpaceRecord | None:
    validate_space_name(name)
    return await database.read(get_space, name=name)


async def list_spaces(database: Database) -> list[SpaceRecord]:
    return await database.read(list_space_records)


DROP_BATCH = 5_000


async def drop_space(database: Database, name: str) -> int:
    """Delete a space and everything in it, a batch per transaction; the number of nodes
    deleted (0 if there was no such space)."""
    validate_space_name(name)
    total = 0
    while True:
        deleted = await database.write(delete_space, name=name, batch=DROP_BATCH)
        total += deleted
        if deleted == 0:
            return total


async def lock_space_embedding(
    database: Database, name: str, *, model: str, dimensions: int
) -> SpaceRecord:
    """Lock the space to one embedding model; make sure the shared vector index fits it.

    The first model a space embeds with is kept; a later, different model or dimension is
    refused with StorageError, since its vectors could not be compared with the stored ones.
    """
    validate_space_name(name)
    if not model or dimensions <= 0:
        raise ConfigError(
            f"Embedding model {model!r} with {dimensions} dimensions is not usable.",
            recovery="Use an embedding service that reports a model name and a positive size.",
        )
    await ensure_vector_index(database, dimensions)
    await open_space(database, name)
    locked = await database.write(lock_embedding, name=name, model=model, dimensions=dimensions)
    assert locked is not None  # the space was opened just above
    locked_model, locked_dimensions = locked
    if (locked_model, locked_dimensions) != (model, dimensions):
        raise StorageError(
            f"Space {name!r} is locked to embedding model {locked_model!r} "
            f"({locked_dimensions} dims); this one uses {model!r} ({dimensions} dims).",
            recovery="Use the same embedding model for this space, or store the new model's "
            "memories in a new space.",
        )
    space = await find_space(database, name)
    assert space is not None
    return space


async def ensure_vector_index(database: Database, dimensions: int) -> None:
    """Create the shared vector index for this dimension, or refuse if it has another."""
    existing = [i for i in await database.read(list_indexes) if i.name == VECTOR_INDEX]
    if not existing:
        try:
            await database.write(create_vector_index, dimensions=dimensions)
        except StorageError as exc:
            # Another process created it between our look and our commit: fine.
            if "AlreadyExists" not in (getattr(exc.__cause__, "code", "") or ""):
                raise
        existing = [i for i in await database.read(list_indexes) if i.name == VECTOR_INDEX]
    indexed = index_dimensions(existing[0]) if existing else None
    if indexed != dimensions:
        raise StorageError(
            f"The vector index {VECTOR_INDEX!r} of {database.uri} holds {indexed}-dimension "
            f"vectors; this embedding model makes {dimensions}.",
            recovery="All spaces of one database share the vector index: use an embedding "
            f"model with {indexed} dimensions, or another Neo4j database.",
        )


def check_embedding_lock(
    space: str, model: str | None, dimensions: int | None, embedder: EmbeddingService
) -> None:
    """Refuse an embedder that differs from the model the space is locked to."""
    if model is None:
        return
    if (model, dimensions) != (embedder.model_name, embedder.dimensions):
        raise StorageError(
            f"Space {space!r} is locked to embedding model {model!r} ({dimensions} dims); "
            f"this MemorySystem uses {embedder.model_name!r} ({embedder.dimensions} dims).",
            recovery="Open the space with the same embedding service, or use a new space for "
            "the new model.",
        )
