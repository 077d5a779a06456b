"""The MCP tools over streamable HTTP at /v1/spaces/{space}/mcp, behind the same keys; and
the streamed routes: a space exported through the service, imported back as another space
by the database's admin, the spaces listed, created and dropped."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2 as httpx
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

import elfgraph
from elfgraph.errors import AccessError
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.service import MakeKey, RunningService

pytestmark = pytest.mark.anyio


async def test_the_mcp_tools_are_served_behind_the_space_s_key(
    service: RunningService, make_key: MakeKey, space: str
) -> None:
    key = await make_key("write")
    url = f"{service.url}/v1/spaces/{space}/mcp"
    async with httpx.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60) as http:
        async with Client(streamable_http_client(url, http_client=http)) as client:
            tools = {tool.name for tool in (await client.list_tools()).tools}
            assert {"elfgraph_remember", "elfgraph_recall", "elfgraph_dream"} <= tools
            stored = await client.call_tool("elfgraph_remember", {"content": "MCP over HTTP"})
            assert not stored.is_error
            found = await client.call_tool("elfgraph_recall", {"query": "MCP over HTTP"})
            assert "MCP over HTTP" in found.content[0].text  # type: ignore[union-attr]
        refused = await httpx.AsyncClient().post(url, json={})
        assert refused.status_code == 401
    memory = await elfgraph.connect(service.url, space, key=key)
    assert (await memory.status()).inbox_count == 1  # the same space as the JSON API's
    await memory.close()


async def test_a_space_goes_out_and_back_in_through_the_service(
    service: RunningService, make_key: MakeKey, database: Database, space: str, tmp_path: Path
) -> None:
    key = await make_key("write")
    admin_key = await make_key("admin", all_spaces=True)
    copy = f"{space}-copy"
    async with await elfgraph.connect(service.url, space, key=key) as memory:
        await memory.learn_many(["one exported fact", "another exported fact"])
        await memory.dream()
        exported = await memory.export(tmp_path / "space.jsonl.gz")
    assert exported.counts["block"] == 2
    assert (tmp_path / "space.jsonl.gz").exists()
    assert not (tmp_path / "space.jsonl.gz.partial").exists()
    admin = await elfgraph.connect_admin(service.url, key=admin_key)
    try:
        imported = await admin.import_space(tmp_path / "space.jsonl.gz", space=copy)
        assert imported.counts["block"] == 2
        names = {s.name for s in await admin.list_spaces()}
        assert {space, copy} <= names
        created, record = await admin.create_space(f"{space}-new")
        assert created
        assert record.name == f"{space}-new"
        assert await admin.drop_space(f"{space}-new") >= 1
        async with await elfgraph.connect(service.url, copy, key=admin_key) as other:
            found = await other.recall("one exported fact", top_k=1)
            assert found[0].content == "one exported fact"
    finally:
        await admin.close()
        await drop_space(database, copy)
    lines = (tmp_path / "space.jsonl.gz").read_bytes()
    assert lines  # gzip: the client compressed what the service streamed


async def test_a_space_key_cannot_manage_spaces(service: RunningService, make_key: MakeKey) -> None:
    admin = await elfgraph.connect_admin(service.url, key=await make_key("admin"))
    with pytest.raises(AccessError):
        await admin.list_spaces()
    await admin.close()


async def test_the_openapi_document_describes_every_operation_and_the_errors(
    http: httpx.AsyncClient,
) -> None:
    document = (await http.get("/openapi.json")).json()
    assert document["openapi"].startswith("3.1")
    recall = document["paths"]["/v1/spaces/{space}/recall"]["post"]
    body = recall["requestBody"]["content"]["application/json"]["schema"]
    schemas = document["components"]["schemas"]
    arguments = schemas[body["$ref"].rsplit("/", 1)[1]] if "$ref" in body else body
    assert set(arguments["properties"]) == {"query", "top_k", "frame", "as_of"}
    result = recall["responses"]["200"]["content"]["application/json"]["schema"]
    assert result["items"]["$ref"].endswith("/ScoredBlock")
    assert "recovery" in schemas["Error"]["properties"]
    assert "FrameError" in schemas["Error"]["properties"]["error"]["enum"]
    assert recall["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/Error"
    )
    json.dumps(document)  # plain JSON all the way
