"""Spaces: named, isolated memories. A space node holds its clock and its embedding lock."""

from __future__ import annotations

from datetime import UTC, datetime

from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError, StorageError
from elfgraph.spaces.models import SpaceRecord
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.repository.count_blocks import count_blocks
from elfgraph.spaces.repository.delete_space import delete_space
from elfgraph.spaces.repository.delete_space_rest import delete_space_rest
from elfgraph.spaces.repository.ensure_space import ensure_space
from elfgraph.spaces.repository.get_space import get_space
from elfgraph.spaces.repository.index_share import index_share
from elfgraph.spaces.repository.list_spaces import list_spaces as list_space_records
from elfgraph.spaces.repository.lock_embedding import lock_embedding
from elfgraph.spaces.vector_index import check_embedding_lock, ensure_vector_index
from elfgraph.store.database import Database


async def open_space(database: Database, name: str) -> SpaceRecord:
    """The space of that name, created on first use."""
    validate_space_name(name)
    record = await database.write(ensure_space, name=name, now=datetime.now(UTC).isoformat())
    if record is None:
        raise StorageError(
            f"Space {name!r} is being imported: it becomes usable when its import finishes.",
            recovery="Wait for the import to finish. An import that was killed is discarded by "
            "the next import after 15 minutes, or at once by `elfgraph import "
            "--discard-unfinished`.",
        )
    return record


async def open_for_embedder(
    database: Database, name: str, embedder: EmbeddingService, *, create: bool = True
) -> tuple[int, int]:
    """Open the space for work with `embedder`: the shared vector index exists and fits
    it, and the space is not locked to another model. Returns the space's active blocks
    and every space's (the shared index's size), for the vector leg's strategy. `create`
    False: a space that does not exist is a ConfigError listing those that do (a typo
    never makes an empty space)."""
    found = None if create else await find_space(database, name)
    if not create and found is None:
        raise await unknown_space(database, name)
    # The shared vector index must exist (and fit this embedder) before any recall.
    await ensure_vector_index(database, embedder.dimensions)
    record = found or await open_space(database, name)
    check_embedding_lock(name, record.embedding_model, record.embedding_dimensions, embedder)
    return await index_share_counts(database, name)


async def index_share_counts(database: Database, name: str) -> tuple[int, int]:
    """(active blocks of the space, active blocks of every space): the vector index holds
    the latter, so a query for k of the former asks it for more."""
    return await database.read(index_share, space=name)


async def count_with_status(database: Database, name: str, status: str) -> int:
    """How many blocks of the space have that status (the inbox, for learn and dream)."""
    return await database.read(count_blocks, space=name, status=status)


async def find_space(database: Database, name: str) -> SpaceRecord | None:
    validate_space_name(name)
    return await database.read(get_space, name=name)


async def list_spaces(database: Database) -> list[SpaceRecord]:
    return await database.read(list_space_records)


DROP_BATCH = 5_000


async def drop_space(database: Database, name: str) -> int:
    """Delete a space and everything in it, a batch per transaction; the number of nodes
    deleted (0 if there was no such space). Its nodes are found through their indexes, then
    one scan of the database looks for any other before the space node goes."""
    validate_space_name(name)
    total = 0
    while deleted := await database.write(delete_space, name=name, batch=DROP_BATCH):
        total += deleted
    while True:
        deleted, space_deleted = await database.write(
            delete_space_rest, name=name, batch=DROP_BATCH
        )
        total += deleted
        if space_deleted or deleted == 0:
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


KNOWN_SHOWN = 20  # spaces an unknown-space error lists


async def unknown_space(database: Database, name: str) -> ConfigError:
    """The error for a space that does not exist, naming those that do."""
    known = [space.name for space in await list_spaces(database)]
    listed = ", ".join(known[:KNOWN_SHOWN]) + (", …" if len(known) > KNOWN_SHOWN else "")
    return ConfigError(
        f"There is no space {name!r} in this database."
        + (f" Known spaces: {listed}." if known else " It has no space yet."),
        recovery="Check the name; a space is created by storing its first block "
        "({op:remember}), or by `elfgraph spaces create NAME`.",
    )


def space_missing(space: str) -> StorageError:
    return StorageError(
        f"Space {space!r} no longer exists in the database.",
        recovery="It was dropped by someone else; {op:remember} creates it again.",
    )
