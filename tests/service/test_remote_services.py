"""A MemorySystem whose embedder and LLM are remote (OpenAI-compatible), served by a
local fake HTTP server: the dimension is learned from the first answer."""

from __future__ import annotations

import pytest

from elfgraph.embedding.openai_compat import OpenAIEmbeddingService
from elfgraph.llm.openai_compat import OpenAILLMService
from elfgraph.store.database import Database
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_remote_embedder_and_llm_consolidate_a_block(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    server = FakeLLMServer(
        dimensions=384,  # the vector index is shared: same size as every other space
        reply='{"alignment_score": 0.8, "tags": ["self/goal"], "summary": "Ship weekly."}',
    ).start()
    try:
        url = server.openai_base_url
        embedder = OpenAIEmbeddingService("fake-embed", base_url=url, api_key="k", max_retries=0)
        llm = OpenAILLMService("fake-chat", base_url=url, api_key="k", max_retries=0)
        assert embedder.dimensions == 0  # unknown until the first answer
        memory = await make_memory(embedding_service=embedder, llm_service=llm)
        assert embedder.dimensions == 384  # open() asked once
        learned = await memory.learn("We want to ship every week")
        result = await memory.dream()
        assert result is not None
        assert result.promoted == 1
        (row,) = await graph(
            database,
            "MATCH (b:Block {space: $s, id: $id}) RETURN b {.*} AS b",
            s=space,
            id=learned.block_id,
        )
        block = row["b"]
        assert (block["confidence"], block["tags"], block["summary"]) == (
            0.8,
            ["self/goal"],
            "Ship weekly.",
        )
        assert block["embedding_model"] == "fake-embed"
        assert "/v1/chat/completions" in server.paths()
    finally:
        server.stop()
