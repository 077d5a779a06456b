"""CLI tests talk to the test Neo4j through the usual environment variables."""

from __future__ import annotations

import pytest

from elfgraph.config.connection import Settings


@pytest.fixture
def neo4j_env(neo4j_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the CLI at the test Neo4j through the usual variables."""
    connection = neo4j_settings.connection()
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_USERNAME", connection.username)
    if connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", connection.password.get_secret_value())
