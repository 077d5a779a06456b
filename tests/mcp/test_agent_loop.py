"""The agent's loop, end to end, as an agent runs it: remember three facts, dream, recall,
copy the ids out of the text it was shown into outcome and connect, and see confidence
and the new edge in Neo4j. Once over MCP (the SDK's client driving `elfgraph mcp` over
stdio) and once through the installed `elfgraph` command, reading its plain output."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from elfgraph.config.connection import Settings
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph

ELFGRAPH = str(Path(sys.executable).with_name("elfgraph"))
FACTS = [
    "The deploy script needs AWS_PROFILE set to lighthouse-prod.",
    "Deploys of the lighthouse service go out on Tuesdays.",
    "The staging database is read-only on Fridays.",
]


def environment(settings: Settings) -> dict[str, str]:
    connection = settings.connection()
    return os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
    }


async def confidences(database: Database, space: str) -> dict[str, float]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s, status: 'active'}) RETURN b.id AS id, b.confidence AS c",
        s=space,
    )
    return {row["id"]: row["c"] for row in rows}


async def check_the_graph(database: Database, space: str, cited: list[str]) -> None:
    """The cited blocks gained confidence; the agent's edge is there, typed by its word."""
    known = await confidences(database, space)
    whole = [next(i for i in known if i.startswith(prefix)) for prefix in cited]
    assert all(known[block_id] > 0.5 for block_id in whole)
    agent_edges = [e for e in await edges_of(database, space) if e["type"] == "DEPENDS_ON"]
    assert len(agent_edges) == 1
    assert {agent_edges[0]["a"], agent_edges[0]["b"]} == set(whole[:2])


@pytest.mark.anyio
async def test_an_agent_drives_the_mcp_server_over_stdio(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    server = StdioServerParameters(
        command=ELFGRAPH, args=["mcp", "--space", space], env=environment(neo4j_settings)
    )

    async def text(client: Client, tool: str, **arguments: Any) -> str:
        result = await client.call_tool(tool, arguments)
        shown: str = result.content[0].text  # type: ignore[union-attr]
        assert not result.is_error, shown
        return shown

    async with Client(server) as client:
        for fact in FACTS:
            assert (await text(client, "elfgraph_remember", content=fact)).startswith("Stored")
        assert "3 promoted" in await text(client, "elfgraph_dream")
        shown = await text(client, "elfgraph_recall", query="how do lighthouse deploys work")
        cited = re.findall(r"^\[([0-9a-f]{8})\]", shown, flags=re.MULTILINE)
        assert len(cited) >= 2, shown
        rated = await text(client, "elfgraph_outcome", block_ids=cited[:2], signal=0.9)
        assert "Outcome recorded for 2 block(s)" in rated
        linked = await text(
            client,
            "elfgraph_connect",
            source=cited[0],
            target=cited[1],
            relation="depends_on",
            if_exists="update",  # outcome linked them already: retype that edge
        )
        assert "depends_on" in linked
    await check_the_graph(database, space, cited[:2])


@pytest.mark.anyio
async def test_an_agent_shells_out_to_the_installed_command(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    env = environment(neo4j_settings)

    async def elfgraph(*args: str) -> str:
        done = await anyio.run_process([ELFGRAPH, *args, "--space", space], env=env, check=False)
        assert done.returncode == 0, done.stderr.decode()
        return done.stdout.decode()

    for fact in FACTS:
        assert (await elfgraph("remember", fact)).startswith("Stored block ")
    assert "3 promoted" in await elfgraph("dream")
    shown = await elfgraph("recall", "how do lighthouse deploys work")
    cited = [i[:8] for i in re.findall(r"\b([0-9a-f]{16})\b", shown)]
    assert len(cited) >= 2, shown
    rated = await elfgraph("outcome", cited[0], cited[1], "--signal", "0.9")
    assert "Outcome recorded for 2 block(s)" in rated
    linked = await elfgraph(
        "connect", cited[0], cited[1], "--relation", "depends_on", "--if-exists", "update"
    )
    assert "depends_on" in linked
    await check_the_graph(database, space, cited[:2])
