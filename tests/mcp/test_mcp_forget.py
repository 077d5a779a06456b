"""elfgraph_forget and elfgraph_correct through the MCP SDK's in-memory client, against the
real Neo4j: both marked destructive; a forget by text previews first, with the texts in
what the model reads."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.mcp_server import build_server
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio


def served(database: Database, space: str) -> Any:
    return build_server(
        lambda: MemorySystem.open(
            space, database=database, embedding_service=MockEmbeddingService()
        )
    )


async def call(client: Client, tool: str, **arguments: Any) -> tuple[dict[str, Any], str]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content, result.content[0].text  # type: ignore[union-attr]


async def test_forget_and_correct_are_destructive_tools_that_work(
    database: Database, space: str
) -> None:
    async with Client(served(database, space)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        for name in ("elfgraph_forget", "elfgraph_correct"):
            assert tools[name].annotations is not None
            assert tools[name].annotations.destructive_hint is True
            assert tools[name].output_schema is not None
        secret, _ = await call(client, "elfgraph_remember", content="the api key is sk-123456")
        wrong, _ = await call(client, "elfgraph_remember", content="standup is at nine")
        await call(client, "elfgraph_dream")

        preview, text = await call(client, "elfgraph_forget", matching="SK-123456")
        assert preview["dry_run"] is True
        assert f"[{secret['block_id']}]" in text
        assert "the api key is sk-123456" in text  # the model can check what would go
        recalled, _ = await call(client, "elfgraph_recall", query="api key")
        assert secret["block_id"] in [b["id"] for b in recalled["blocks"]]

        done, text = await call(
            client, "elfgraph_forget", block_ids=[secret["block_id"][:8]], reason="a secret"
        )
        assert done["block_ids"] == [secret["block_id"]]
        assert "sk-123456" not in text
        recalled, _ = await call(client, "elfgraph_recall", query="api key")
        assert secret["block_id"] not in [b["id"] for b in recalled["blocks"]]

        fixed, text = await call(
            client, "elfgraph_correct", block_id=wrong["block_id"], new_content="standup is at ten"
        )
        assert fixed["old_id"] == wrong["block_id"]
        assert text.startswith("Corrected block")
        recalled, _ = await call(client, "elfgraph_recall", query="when is standup")
        assert recalled["blocks"][0]["preview"] == "standup is at ten"

        for arguments in ({}, {"block_ids": ["abcdef01"]}, {"block_ids": ["x"], "matching": "y"}):
            refused = await client.call_tool("elfgraph_forget", arguments)
            assert refused.is_error
            assert "Recovery" in refused.content[0].text  # type: ignore[union-attr]
        refused = await client.call_tool(
            "elfgraph_correct", {"block_id": fixed["new_id"], "new_content": "standup is at ten"}
        )
        assert refused.is_error
        assert "already says" in refused.content[0].text  # type: ignore[union-attr]
