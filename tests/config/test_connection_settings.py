"""Connection settings: where the Neo4j URI and credentials come from, and that secrets
never show."""

from __future__ import annotations

from pathlib import Path

import pytest

from elfgraph.config.connection import DEFAULT_URI, Settings, load_settings
from elfgraph.errors import ConfigError


@pytest.fixture(autouse=True)
def no_caller_settings(clean_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Only what a test sets: no NEO4J_* / ELFGRAPH_* variable of the caller's shell, and no
    .env file of the working directory."""
    monkeypatch.chdir(tmp_path)


def test_neo4j_variables_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://db.example:7687")
    monkeypatch.setenv("NEO4J_USERNAME", "agent")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("NEO4J_DATABASE", "memories")
    connection = Settings().connection()
    assert connection.uri == "neo4j://db.example:7687"
    assert connection.username == "agent"
    assert connection.password is not None
    assert connection.password.get_secret_value() == "s3cret"
    assert connection.database == "memories"
    assert connection.source == "environment"


def test_elfgraph_prefix_wins_over_the_plain_neo4j_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://plain:7687")
    monkeypatch.setenv("ELFGRAPH_NEO4J_URI", "bolt://prefixed:7687")
    assert Settings().connection().uri == "bolt://prefixed:7687"


def test_secrets_never_show_in_reprs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://h:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "hunter2-very-secret")
    settings = Settings()
    assert "hunter2" not in repr(settings)
    assert "hunter2" not in str(settings)
    assert "hunter2" not in repr(settings.connection())


def test_bad_uri_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "http://localhost:7474")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert "NEO4J_URI" in str(caught.value)


def test_without_uri_or_local_server_the_default_uri_is_used(tmp_path: Path) -> None:
    connection = Settings(neo4j_home=tmp_path).connection()
    assert connection.uri == DEFAULT_URI
    assert connection.source == "default"


def test_without_neo4j_uri_the_local_servers_state_file_is_used(
    neo4j_settings: Settings,
) -> None:
    if neo4j_settings.neo4j_uri:
        pytest.skip("NEO4J_URI is set: the environment wins over the local server")
    connection = neo4j_settings.connection()
    assert connection.source == "local-server"
    assert connection.password is not None  # the generated password, read from state.json


@pytest.mark.anyio
async def test_a_stopped_local_server_is_named_with_how_to_start_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Its state exists but no process runs: every face gets this StorageError, and nothing
    else listening on 7687 is tried with the wrong credentials."""
    from elfgraph.errors import StorageError
    from elfgraph.neo4j_server.state import ServerState, write_state
    from elfgraph.store.database import Database

    write_state(tmp_path, ServerState(password="x", pid=None, bolt_port=7687, http_port=7474))
    connection = Settings(neo4j_home=tmp_path).connection()
    assert connection.source == "local-server-stopped"
    with pytest.raises(StorageError) as caught:
        await Database.connect(Settings(neo4j_home=tmp_path))
    assert "is not running" in caught.value.message
    assert str(tmp_path) in caught.value.message
    assert "elfgraph neo4j start" in caught.value.recovery


def test_every_connection_setting_says_what_it_does() -> None:
    """The configuration reference lists these descriptions beside each variable."""
    assert [name for name, field in Settings.model_fields.items() if not field.description] == []
