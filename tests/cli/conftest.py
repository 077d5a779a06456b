"""CLI tests talk to the test Neo4j through the usual environment variables."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database


@pytest.fixture
def neo4j_env(neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the CLI at the test Neo4j through the usual variables (an ELFGRAPH_NEO4J_*
    variable of the caller's shell would win over them, so it goes)."""
    for name in ("URI", "USERNAME", "PASSWORD", "DATABASE"):
        monkeypatch.delenv(f"ELFGRAPH_NEO4J_{name}", raising=False)
    connection = neo4j_settings.connection()
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_USERNAME", connection.username)
    if connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", connection.password.get_secret_value())


@pytest.fixture
def cli_space(neo4j_settings: Settings, neo4j_env: None) -> Iterator[str]:
    """A fresh space for a command run against the test Neo4j (neo4j_env); dropped after."""
    name = f"test-cli-{uuid.uuid4().hex[:10]}"
    yield name

    async def drop() -> None:
        async with await Database.connect(neo4j_settings) as database:
            await drop_space(database, name)

    anyio.run(drop)
