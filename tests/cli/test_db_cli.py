"""`elfgraph db migrate|status` through Typer's runner against the real Neo4j."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from elfgraph.cli import app
from elfgraph.schema.migrations import schema_migrations
from tests.support.network import closed_port


@pytest.mark.usefixtures("neo4j_env")
def test_db_migrate_applies_what_is_pending_then_nothing() -> None:
    first = CliRunner().invoke(app, ["db", "migrate", "--json"])
    assert first.exit_code == 0, first.output
    pending = {m.query.name for m in schema_migrations()}
    assert set(json.loads(first.stdout)["applied"]) <= pending
    again = CliRunner().invoke(app, ["db", "migrate"])
    assert again.exit_code == 0, again.output
    assert "is up to date" in again.stdout


@pytest.mark.usefixtures("neo4j_env")
def test_db_status_lists_migrations_and_index_states() -> None:
    result = CliRunner().invoke(app, ["db", "status", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [m["name"] for m in report["migrations"]] == [m.query.name for m in schema_migrations()]
    assert {m["state"] for m in report["migrations"]} == {"applied"}
    states = {i["name"]: i["state"] for i in report["indexes"]}
    assert states["block_text_by_space"] == "ONLINE"

    table = CliRunner().invoke(app, ["db", "status"], terminal_width=200)
    assert table.exit_code == 0
    assert "block_identity" in table.stdout
    assert "ONLINE" in table.stdout
    assert "migrations applied" in table.stdout


@pytest.mark.usefixtures("clean_env")
def test_unreachable_neo4j_is_one_red_line_with_recovery(monkeypatch: pytest.MonkeyPatch) -> None:
    port = closed_port()
    monkeypatch.setenv("NEO4J_URI", f"bolt://127.0.0.1:{port}")
    monkeypatch.setenv("ELFGRAPH_CONNECTION_TIMEOUT", "2")
    result = CliRunner().invoke(app, ["db", "status"])
    assert result.exit_code == 1
    assert f"bolt://127.0.0.1:{port}" in result.stderr
    assert "recovery:" in result.stderr
    assert "Traceback" not in result.output


def test_bad_usage_exits_with_code_2() -> None:
    result = CliRunner().invoke(app, ["db", "status", "--no-such-flag"])
    assert result.exit_code == 2
