from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.config.connection import DEFAULT_URI, Settings, load_settings
from elfgraph.errors import ConfigError, ElfgraphError, StorageError
from elfgraph.spaces.names import SPACE_NAME, validate_space_name


def test_error_text_ends_with_the_recovery() -> None:
    error = StorageError("Neo4j is down.", recovery="Start it.")
    assert str(error) == "Neo4j is down. — Recovery: Start it."
    assert isinstance(error, ElfgraphError)
    assert error.to_dict() == {
        "error": "StorageError",
        "message": "Neo4j is down.",
        "recovery": "Start it.",
    }


@pytest.mark.parametrize("name", ["default", "a", "agent-7", "project.notes", "A_1", "9" * 64])
def test_valid_space_names(name: str) -> None:
    assert validate_space_name(name) == name


@pytest.mark.parametrize(
    "name", ["", "-x", ".x", "_x", "a b", "a/b", "x" * 65, "é", "a\n", "a'}) DETACH", None, 3]
)
def test_invalid_space_names_raise_config_error_with_recovery(name: object) -> None:
    with pytest.raises(ConfigError) as caught:
        validate_space_name(name)
    assert "letters, digits" in caught.value.recovery


@given(st.text(max_size=80))
def test_space_name_validation_agrees_with_the_pattern(name: str) -> None:
    if SPACE_NAME.fullmatch(name):
        assert validate_space_name(name) == name
    else:
        with pytest.raises(ConfigError):
            validate_space_name(name)


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


def test_without_uri_or_local_server_the_default_uri_is_used(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.delenv("ELFGRAPH_NEO4J_URI", raising=False)
    connection = Settings(neo4j_home=tmp_path).connection()
    assert connection.uri == DEFAULT_URI
    assert connection.source == "default"
