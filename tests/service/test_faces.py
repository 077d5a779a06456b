"""One text, three faces (elfgraph/faces.py): markers spelled as methods, commands or
tools; other braces left alone; the face of the context, restored after it."""

from __future__ import annotations

import pytest

from elfgraph.errors import OutcomeError
from elfgraph.faces import current_face, render, use_face

TEXT = "Call {op:consolidate}; {arg:if_exists=update}, {arg:top_k=5}, {arg:dry_run=True}."


@pytest.mark.parametrize(
    ("face", "spelled"),
    [
        ("python", "Call consolidate(); if_exists='update', top_k=5, dry_run=True."),
        ("cli", "Call `elfgraph dream`; `--if-exists update`, `--top-k 5`, `--dry-run`."),
        ("mcp", 'Call elfgraph_dream; "if_exists": "update", "top_k": 5, "dry_run": true.'),
    ],
)
def test_markers_are_spelled_for_each_face(face: str, spelled: str) -> None:
    assert render(TEXT, face) == spelled  # type: ignore[arg-type]


def test_settings_and_ids_name_where_to_act() -> None:
    assert "memory.learning.max_tags" in render("{setting:learning.max_tags}", "python")
    assert "ELFGRAPH_MEMORY__LEARNING__MAX_TAGS" in render("{setting:learning.max_tags}", "cli")
    assert "restart" in render("{setting:learning.max_tags}", "mcp")
    assert "last_recall_block_ids" in render("{ids}", "python")
    assert "`elfgraph recall`" in render("{ids}", "cli")
    assert "elfgraph_recall" in render("{ids}", "mcp")


def test_other_braces_are_left_alone() -> None:
    text = 'Pass {"source": a} or {op} or {arg:} as written.'
    assert render(text, "cli") == text


def test_the_context_face_is_the_default_and_is_restored() -> None:
    error = OutcomeError("signal out of range.", recovery="Use {arg:signal=1.0}.")
    assert current_face() == "python"
    assert error.recovery == "Use signal=1.0."
    with use_face("cli"):
        assert error.recovery == "Use `--signal 1.0`."
        assert str(error) == "signal out of range. — Recovery: Use `--signal 1.0`."
        assert error.to_dict("mcp")["recovery"] == 'Use "signal": 1.0.'
    assert current_face() == "python"
    assert error.describe("mcp").endswith('Use "signal": 1.0.')
