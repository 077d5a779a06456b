"""The MCP server as an agent drives it alone: ids it can copy from the text it reads,
errors and guides that name tools, argument errors in plain words, the 30-minute session
rule, the server's version, and start-up failures that are one line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from elfgraph import __version__
from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.mcp_server import build_server
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import graph

pytestmark = pytest.mark.anyio

ELFGRAPH = str(Path(sys.executable).with_name("elfgraph"))
SHORT_ID = re.compile(r"\[([0-9a-f]{8})(?: pending)?\]")


def served(database: Database, space: str, **options: Any) -> Any:
    return build_server(
        lambda: MemorySystem.open(
            space, database=database, embedding_service=MockEmbeddingService()
        ),
        **options,
    )


async def text_of(client: Client, tool: str, **arguments: Any) -> tuple[bool, str]:
    result = await client.call_tool(tool, arguments)
    return result.is_error, result.content[0].text  # type: ignore[union-attr]


async def test_the_server_reports_its_version(database: Database, space: str) -> None:
    async with Client(served(database, space)) as client:
        assert client.server_info is not None
        assert (client.server_info.name, client.server_info.version) == ("elfgraph", __version__)


async def test_errors_name_tools_and_their_arguments_never_methods(
    database: Database, space: str
) -> None:
    async with Client(served(database, space)) as client:
        await client.call_tool("elfgraph_remember", {"content": "a first fact"})
        for tool, arguments, expected in [
            ("elfgraph_outcome", {"block_ids": ["feedbeefcafe"], "signal": 1.0}, "elfgraph_recall"),
            ("elfgraph_outcome", {"block_ids": ["abc"], "signal": 2.0}, '"signal": 1.0'),
            ("elfgraph_recall", {"query": "x", "top_k": 0}, "at least 1"),
        ]:
            failed, text = await text_of(client, tool, **arguments)
            assert failed
            assert expected in text
            assert "()" not in text
            assert "Recovery:" in text
        status = (await client.call_tool("elfgraph_status", {})).structured_content
        assert status is not None
        assert "()" not in status["suggestion"]


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"query": "x", "top_k": 0}, "top_k must be at least 1 (got 0)"),
        ({"query": "x", "top_k": "many"}, "top_k must be a"),
        ({"top_k": 3}, "query is required"),
    ],
)
async def test_malformed_calls_are_tool_errors_in_plain_words(
    database: Database, space: str, arguments: dict[str, Any], words: str
) -> None:
    async with Client(served(database, space)) as client:
        failed, text = await text_of(client, "elfgraph_recall", **arguments)
    assert failed
    assert words in text
    for noise in ("validation error", "pydantic", "type=", "input_value", "Arguments"):
        assert noise not in text
    assert 'elfgraph_guide with {"method": "recall"}' in text


async def test_a_session_ends_after_idling_and_the_next_call_opens_one(
    database: Database, space: str
) -> None:
    server = served(database, space, idle_seconds=0.3, check_seconds=0.05)
    async with Client(server) as client:
        await client.call_tool("elfgraph_remember", {"content": "before the pause"})
        await anyio.sleep(0.8)
        sessions = await graph(
            database,
            "MATCH (s:Session {space: $s}) RETURN s.ended_at IS NOT NULL AS ended",
            s=space,
        )
        assert sessions == [{"ended": True}]  # ended by the idle rule, the server still up
        await client.call_tool("elfgraph_remember", {"content": "after the pause"})
        status = (await client.call_tool("elfgraph_status", {})).structured_content
        assert status is not None
        assert status["session_active"] is True
    rows = await graph(
        database,
        "MATCH (s:Session {space: $s}) RETURN s.ended_at IS NOT NULL AS ended",
        s=space,
    )
    assert rows == [{"ended": True}, {"ended": True}]  # the second ended on shutdown


async def test_a_fact_remembered_a_moment_ago_is_recalled_pending(
    database: Database, space: str
) -> None:
    async with Client(served(database, space)) as client:
        await client.call_tool("elfgraph_remember", {"content": "the build cache lives on nas2"})
        failed, text = await text_of(client, "elfgraph_recall", query="where is the build cache")
    assert not failed
    assert re.match(r"\[[0-9a-f]{8} pending\] the build cache lives on nas2", text)


def stdio_env(settings: Settings) -> dict[str, str]:
    connection = settings.connection()
    return os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
    }


def test_bad_credentials_at_start_up_are_one_line_and_exit_1(neo4j_settings: Settings) -> None:
    env = stdio_env(neo4j_settings) | {"NEO4J_PASSWORD": "wrong-password"}
    done = subprocess.run(
        [ELFGRAPH, "mcp", "--space", "anything"],
        input="",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "refused the credentials" in lines[0]
    assert "Recovery:" in lines[0]
    assert done.stdout == ""  # nothing on the protocol channel
