"""Every elfgraph error carries a recovery: in its text and in its dict."""

from __future__ import annotations

from elfgraph.errors import ElfgraphError, StorageError


def test_error_text_ends_with_the_recovery() -> None:
    error = StorageError("Neo4j is down.", recovery="Start it.")
    assert str(error) == "Neo4j is down. — Recovery: Start it."
    assert isinstance(error, ElfgraphError)
    assert error.to_dict() == {
        "error": "StorageError",
        "message": "Neo4j is down.",
        "recovery": "Start it.",
    }
