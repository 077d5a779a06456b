"""A new database's shared vector index builds its HNSW graphs at half Neo4j's default width
(elfgraph/core/hnsw.py). On a throw-away Neo4j of its own (~15 s): the shared one made its
index long ago."""

from __future__ import annotations

import pytest

from elfgraph.config.connection import Settings
from elfgraph.core.hnsw import HNSW_EF_CONSTRUCTION
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import migrate, schema_indexes
from elfgraph.spaces.vector_index import VECTOR_INDEX, ensure_vector_index
from elfgraph.store.database import Database

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]


async def test_a_new_index_is_built_at_the_chosen_width(own_server: LocalNeo4j) -> None:
    async with await Database.connect(Settings(neo4j_home=own_server.home)) as database:
        await migrate(database)
        await ensure_vector_index(database, 384)
        (index,) = [i for i in await schema_indexes(database) if i.name == VECTOR_INDEX]
    config = (index.options or {})["indexConfig"]
    assert HNSW_EF_CONSTRUCTION == 50
    assert config["vector.hnsw.ef_construction"] == HNSW_EF_CONSTRUCTION
