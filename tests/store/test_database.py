"""Connecting to a real Neo4j: errors a person can act on, and what the server reports."""

from __future__ import annotations

import re

import pytest

from elfgraph.config.connection import Settings
from elfgraph.errors import StorageError
from elfgraph.schema.migrations import open_database
from elfgraph.store.database import Database
from tests.support.network import closed_port

pytestmark = pytest.mark.anyio


async def test_unreachable_neo4j_is_a_storage_error_naming_uri_and_remedy() -> None:
    uri = f"bolt://127.0.0.1:{closed_port()}"
    settings = Settings(neo4j_uri=uri, neo4j_password="x", connection_timeout=2)
    with pytest.raises(StorageError) as caught:
        await Database.connect(settings)
    error = caught.value
    assert uri in error.message
    assert "unreachable" in error.message
    assert "elfgraph neo4j start" in error.recovery
    assert error.__cause__ is not None  # the driver's exception is chained, not lost


async def test_wrong_password_is_a_storage_error_naming_uri_and_remedy(
    neo4j_settings: Settings,
) -> None:
    uri = neo4j_settings.connection().uri
    wrong = Settings(neo4j_uri=uri, neo4j_username="neo4j", neo4j_password="not-the-password")
    with pytest.raises(StorageError) as caught:
        await Database.connect(wrong)
    error = caught.value
    assert uri in error.message
    assert "refused the credentials" in error.message
    assert "NEO4J_PASSWORD" in error.recovery
    assert "not-the-password" not in str(error)


async def test_unknown_database_is_a_storage_error(neo4j_settings: Settings) -> None:
    connection = neo4j_settings.connection()
    settings = neo4j_settings.model_copy(
        update={
            "neo4j_uri": connection.uri,
            "neo4j_username": connection.username,
            "neo4j_password": connection.password,
            "neo4j_database": "nosuchdatabase",
        }
    )
    with pytest.raises(StorageError) as caught:
        await open_database(settings)  # the first query (the schema check) meets it
    assert "nosuchdatabase" in caught.value.message


async def test_server_info_reports_a_release_elfgraph_runs_on(database: Database) -> None:
    info = await database.server_info()
    assert re.fullmatch(r"Neo4j/(5\.26|20\d\d\.\d\d)\.\d+", info["agent"])
