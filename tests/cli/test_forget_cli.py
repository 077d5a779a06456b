"""`elfgraph forget` and `elfgraph correct` through Typer's runner against the real Neo4j: a
forget shows what will go and asks on a terminal, needs --yes elsewhere, and --json and
--dry-run work as for the other commands."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from elfgraph.cli import app, forget_commands


def cli(*args: str, code: int = 0, stdin: str | None = None) -> Any:
    """Run a command with --json; its parsed output."""
    result = CliRunner().invoke(app, [*args, "--json"], input=stdin)
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def remembered(space: list[str]) -> list[str]:
    ids = [
        cli("remember", text, *space)["block_id"]
        for text in (
            "Dana's phone number is 555-0199",
            "Dana prefers tea to coffee",
            "The office is on the third floor",
        )
    ]
    cli("dream", *space)
    return ids


def test_forget_by_id_needs_yes_off_a_terminal_and_then_forgets(cli_space: str) -> None:
    space = ["--space", cli_space]
    phone, tea, _ = remembered(space)
    refused = cli("forget", phone[:8], *space, code=1)
    assert refused["error"] == "ForgetError"
    assert "--yes" in refused["recovery"]
    preview = cli("forget", phone[:8], "--dry-run", *space)
    assert preview["dry_run"] is True
    assert [b["content"] for b in preview["blocks"]] == ["Dana's phone number is 555-0199"]
    assert len(cli("recall", "phone number", "--top-k", "3", *space)) == 3
    done = cli("forget", phone[:8], "--yes", "--reason", "deletion request", *space)
    assert done["block_ids"] == [phone]
    assert done["blocks"][0]["content"] is None
    assert phone not in [b["id"] for b in cli("recall", "phone number", *space)]
    status = cli("status", *space)
    assert status["forgotten_count"] == 1
    people = CliRunner().invoke(app, ["forget", tea, "--dry-run", "--space", cli_space])
    assert "Dana prefers tea to coffee" in people.stdout  # the preview's table
    assert "Would forget 1 block(s)" in people.stdout


def test_forget_matching_asks_on_a_terminal(
    cli_space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    space = ["--space", cli_space]
    remembered(space)
    monkeypatch.setattr(forget_commands, "on_a_terminal", lambda: True)
    runner = CliRunner()
    kept = runner.invoke(app, ["forget", "--matching", "dana", *space], input="n\n")
    assert kept.exit_code == 0, kept.output
    assert "Dana's phone number is 555-0199" in kept.stdout
    assert "Forget these 2 block(s) for good?" in kept.stdout
    assert "Cancelled" in kept.stdout
    assert len(cli("recall", "Dana", "--top-k", "5", *space)) == 3
    gone = runner.invoke(app, ["forget", "--matching", "DANA", *space], input="y\n")
    assert gone.exit_code == 0, gone.output
    assert "Forgot 2 block(s) (2 active)" in gone.stdout
    left = cli("recall", "Dana", "--top-k", "5", *space)
    assert [b["content"] for b in left] == ["The office is on the third floor"]


def test_forget_takes_ids_or_matching_and_correct_replaces_a_fact(cli_space: str) -> None:
    space = ["--space", cli_space]
    _, tea, office = remembered(space)
    both = CliRunner().invoke(app, ["forget", tea, "--matching", "tea", *space])
    assert both.exit_code == 2
    neither = CliRunner().invoke(app, ["forget", *space])
    assert neither.exit_code == 2
    corrected = cli("correct", office[:8], "The office is on the fifth floor", *space)
    assert corrected["old_id"] == office
    found = cli("recall", "which floor is the office on", "--top-k", "1", *space)
    assert found[0]["content"] == "The office is on the fifth floor"
    same = cli("correct", corrected["new_id"], "the office is on the FIFTH floor", *space, code=1)
    assert same["error"] == "CorrectError"
    assert "`elfgraph" not in same["message"]
