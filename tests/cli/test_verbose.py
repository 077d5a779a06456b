"""`elfgraph -v` / `-vv`: the library's logs on stderr, results alone on stdout."""

from __future__ import annotations

import logging

import pytest
from typer.testing import CliRunner

from elfgraph.cli import app


@pytest.fixture(autouse=True)
def quiet_afterwards() -> object:
    yield None
    logger = logging.getLogger("elfgraph")
    logger.handlers = [h for h in logger.handlers if h.get_name() != "elfgraph-cli"]
    logger.setLevel(logging.NOTSET)


def test_verbose_cli_logs_to_stderr(neo4j_env: None, cli_space: str) -> None:
    CliRunner().invoke(app, ["remember", "the space exists", "--space", cli_space])
    result = CliRunner().invoke(app, ["-vv", "status", "--space", cli_space, "--json"])
    assert result.exit_code == 0, result.output
    assert "elfgraph.store DEBUG query cypher/status/space_status.cypher" in result.stderr
    assert "elfgraph.store" not in result.stdout


def test_one_v_logs_operations_not_queries(neo4j_env: None, cli_space: str) -> None:
    result = CliRunner().invoke(app, ["-v", "remember", "A fact", "--space", cli_space])
    assert result.exit_code == 0, result.output
    assert "elfgraph.memory INFO" in result.stderr
    assert "remember: Stored block" in result.stderr
    assert "DEBUG" not in result.stderr
