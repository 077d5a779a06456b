"""The MCP server through the SDK's client, in process and as `elfgraph mcp` over stdio,
against the real Neo4j."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.mcp_server import build_server
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph

pytestmark = pytest.mark.anyio

TOOLS = {
    "elfgraph_remember",
    "elfgraph_recall",
    "elfgraph_frame",
    "elfgraph_outcome",
    "elfgraph_dream",
    "elfgraph_curate",
    "elfgraph_connect",
    "elfgraph_disconnect",
    "elfgraph_forget",
    "elfgraph_correct",
    "elfgraph_status",
    "elfgraph_guide",
}


def served(database: Database, space: str) -> Any:
    return build_server(
        lambda: MemorySystem.open(
            space, database=database, embedding_service=MockEmbeddingService()
        )
    )


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def test_tools_are_listed_with_schemas_and_hints(database: Database, space: str) -> None:
    async with Client(served(database, space)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert set(tools) >= TOOLS
    for name in ("elfgraph_recall", "elfgraph_status", "elfgraph_guide"):
        assert tools[name].annotations is not None
        assert tools[name].annotations.read_only_hint is True
    assert tools["elfgraph_disconnect"].annotations is not None
    assert tools["elfgraph_disconnect"].annotations.destructive_hint is True
    assert tools["elfgraph_curate"].annotations is not None
    assert tools["elfgraph_curate"].annotations.destructive_hint is True
    assert tools["elfgraph_remember"].annotations is not None
    assert tools["elfgraph_remember"].annotations.destructive_hint is False
    for tool in tools.values():
        assert tool.description
        assert tool.output_schema is not None
    content = tools["elfgraph_remember"].input_schema["properties"]["content"]
    assert content["description"]


async def test_every_tool_works_on_a_real_space(database: Database, space: str) -> None:
    async with Client(served(database, space)) as client:
        first = await call(client, "elfgraph_remember", content="the deploy script needs AWS")
        second = await call(
            client, "elfgraph_remember", content="staging is read-only on fridays", tags=["ops"]
        )
        assert first["status"] == "created"
        dreamed = await call(client, "elfgraph_dream")
        assert dreamed["consolidated"]["promoted"] == 2
        assert (await call(client, "elfgraph_dream"))["consolidated"] is None
        recalled = await call(client, "elfgraph_recall", query="the deploy script needs AWS")
        assert recalled["blocks"][0]["id"] == first["block_id"]
        assert f"[{first['block_id'][:8]}] the deploy script" in recalled["text"]
        assert set(recalled["blocks"][0]) == {"id", "preview", "score", "pending"}
        framed = await call(client, "elfgraph_frame", name="attention", query="staging")
        assert f"[{second['block_id'][:8]}] staging is read-only on fridays" in framed["text"]
        ids = [first["block_id"], second["block_id"]]
        rated = await call(client, "elfgraph_outcome", block_ids=ids, signal=0.9)
        assert rated["blocks_updated"] == 2
        linked = await call(
            client,
            "elfgraph_connect",
            source=ids[0],
            target=ids[1],
            relation="depends_on",
            if_exists="update",
        )
        assert (linked["action"], linked["relation"]) == ("updated", "depends_on")
        (edge,) = await edges_of(database, space)
        assert edge["type"] == "DEPENDS_ON"
        removed = await call(client, "elfgraph_disconnect", source=ids[0], target=ids[1])
        assert removed["action"] == "removed"
        curated = await call(client, "elfgraph_curate")
        assert curated["skipped_reason"] is None
        assert (await call(client, "elfgraph_curate", if_due=True))["skipped_reason"] == "not_due"
        status = await call(client, "elfgraph_status")
        assert status["session_active"] is True  # the server keeps one session open
        assert status["active_count"] == 2
        guide = await client.call_tool("elfgraph_guide", {"method": "connect"})
        assert "USE WHEN" in guide.content[0].text  # type: ignore[union-attr]
        assert "()" not in guide.content[0].text  # type: ignore[union-attr]
        summary = await client.call_tool("elfgraph_remember", {"content": "one more"})
        assert summary.content[0].text.startswith("Stored block")  # type: ignore[union-attr]
    sessions = await graph(
        database,
        "MATCH (s:Session {space: $s}) RETURN s.task_type AS task, s.ended_at IS NOT NULL AS ended",
        s=space,
    )
    assert sessions == [{"task": "mcp", "ended": True}]  # ended on shutdown


@pytest.mark.parametrize(
    ("tool", "arguments", "text"),
    [
        ("elfgraph_connect", {"source": "aaaa", "target": "aaaa"}, "to itself"),
        ("elfgraph_connect", {"source": "a", "target": "b", "relation": "X Y"}, "relation word"),
        ("elfgraph_outcome", {"block_ids": ["a"], "signal": 2.0}, "signal"),
        ("elfgraph_remember", {"content": "   "}, "empty"),
        (
            "elfgraph_disconnect",
            {"source": "a", "target": "b", "guard_relation": "bad word!"},
            "relation word",
        ),
    ],
)
async def test_a_bad_call_is_a_tool_error_with_the_recovery(
    database: Database, space: str, tool: str, arguments: dict[str, Any], text: str
) -> None:
    async with Client(served(database, space)) as client:
        result = await client.call_tool(tool, arguments)
    assert result.is_error
    message = result.content[0].text  # type: ignore[union-attr]
    assert text in message
    assert "Recovery:" in message


async def test_schema_violations_are_tool_errors_too(database: Database, space: str) -> None:
    async with Client(served(database, space)) as client:
        result = await client.call_tool("elfgraph_recall", {"query": "x", "top_k": 0})
    assert result.is_error


async def test_the_elfgraph_mcp_command_serves_over_stdio(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    command = shutil.which("elfgraph", path=str(Path(sys.executable).parent))
    assert command is not None
    connection = neo4j_settings.connection()
    env = os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
    }
    server = StdioServerParameters(command=command, args=["mcp", "--space", space], env=env)
    async with Client(server) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
        assert names >= TOOLS
        stored = await call(client, "elfgraph_remember", content="served over stdio")
    assert stored["status"] == "created"
    rows = await graph(database, "MATCH (b:Block {space: $s}) RETURN b.content AS content", s=space)
    assert rows == [{"content": "served over stdio"}]
