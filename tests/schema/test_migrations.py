"""Schema migrations on a real Neo4j: each applied once, in order, and recorded; the
indexes they create are online."""

from __future__ import annotations

import pytest

from elfgraph.schema.migrations import migrate, schema_migrations, schema_status
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio


async def test_connect_applies_every_migration_and_records_it(database: Database) -> None:
    status = await schema_status(database)
    assert [m.state for m in status.migrations] == ["applied"] * len(schema_migrations())
    assert all(m.applied_at for m in status.migrations)
    names = {index.name: index for index in status.indexes}
    for expected in (
        "block_identity",
        "block_space_status",
        "block_text_by_space",
        "space_name_unique",
    ):
        assert names[expected].state == "ONLINE"
    assert names["block_text_by_space"].type == "FULLTEXT"
    assert "block_text" not in names  # replaced by the per-space index (0015)
    assert names["block_identity"].properties == ["space", "id"]


async def test_migrating_again_changes_nothing(database: Database) -> None:
    assert await migrate(database) == []
    assert await migrate(database) == []


def test_schema_migrations_are_numbered_in_order() -> None:
    versions = [m.version for m in schema_migrations()]
    assert versions == sorted(versions)
    assert versions[0] == "0001"
