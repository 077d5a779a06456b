"""The memory commands through Typer's runner against the real Neo4j, with the default
local embedder (offline), and the installed `elfgraph` command in a subprocess."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from elfgraph.cli import app
from elfgraph.config.connection import Settings


def cli(*args: str) -> Any:
    """Run a command with --json; its parsed output."""
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_remember_dream_recall_frame_outcome_connect_disconnect_status(cli_space: str) -> None:
    space = ["--space", cli_space]
    first = cli("remember", "The deploy script needs AWS_PROFILE set.", "-t", "ops", *space)
    second = cli("remember", "The staging database is read-only on Fridays.", *space)
    assert first["status"] == second["status"] == "created"
    assert cli("dream", *space)["promoted"] == 2
    assert cli("dream", *space) is None  # nothing left in the inbox
    found = cli("recall", "deploy script AWS", "--top-k", "1", *space)
    assert [b["id"] for b in found] == [first["block_id"]]
    framed = cli("frame", "attention", "staging database", *space)
    assert "read-only on Fridays" in framed["text"]
    rated = cli("outcome", first["block_id"], second["block_id"], "--signal", "0.9", *space)
    assert rated["blocks_updated"] == 2
    assert rated["outcome_edges_created"] == 1
    linked = cli("connect", first["block_id"], second["block_id"], "--relation", "supports", *space)
    assert (linked["action"], linked["relation"]) == ("reinforced", "outcome")
    guarded = cli(
        "disconnect", first["block_id"], second["block_id"], "--guard-relation", "similar", *space
    )
    assert guarded["action"] == "guarded"
    status = cli("status", *space)
    assert (status["active_count"], status["edge_count"]) == (2, 1)
    assert cli_space in {s["name"] for s in cli("spaces")}


def test_people_get_sentences_and_tables(cli_space: str) -> None:
    runner = CliRunner()
    stored = runner.invoke(app, ["remember", "Coffee is on the third floor.", "-s", cli_space])
    assert stored.exit_code == 0
    assert stored.stdout.startswith("Stored block ")
    runner.invoke(app, ["dream", "-s", cli_space])
    table = runner.invoke(app, ["recall", "coffee", "-s", cli_space])
    assert "Coffee is on the third floor." in table.stdout
    assert "score" in table.stdout
    status = runner.invoke(app, ["status", "-s", cli_space])
    assert f"Space '{cli_space}'" in status.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["connect", "aaaa", "aaaa"], "to itself"),
        (["connect", "aaaa", "bbbb", "--relation", "x]->() DELETE n //"], "not a relation word"),
        (["outcome", "aaaa", "--signal", "2"], "signal must be a number from 0 to 1"),
        (["frame", "nonsense"], "nonsense"),
        (["remember", "   "], "empty"),
        (["recall", "x", "--space", "bad space!"], "space"),
    ],
)
def test_errors_are_one_red_line_with_the_recovery(
    cli_space: str, args: list[str], message: str
) -> None:
    if "--space" not in args:
        CliRunner().invoke(app, ["remember", "the space exists", "--space", cli_space])
        args = [*args, "--space", cli_space]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert lines[0].startswith("error:")
    assert message in result.stderr
    assert any(line.startswith("recovery:") for line in lines)


def test_bad_usage_exits_2() -> None:
    result = CliRunner().invoke(app, ["recall"])
    assert result.exit_code == 2


def test_guide_needs_no_database() -> None:
    result = CliRunner(env={"NEO4J_URI": "bolt://127.0.0.1:1"}).invoke(app, ["guide", "recall"])
    assert result.exit_code == 0
    assert "USE WHEN:" in result.stdout


def test_the_installed_command_runs(neo4j_settings: Settings, cli_space: str) -> None:
    command = shutil.which("elfgraph", path=str(Path(sys.executable).parent))
    assert command is not None, "the elfgraph console script is installed with the package"
    env = os.environ.copy()
    completed = subprocess.run(
        [command, "remember", "Installed commands work.", "--space", cli_space, "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["status"] == "created"
