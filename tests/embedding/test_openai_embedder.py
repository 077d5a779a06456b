"""The OpenAI-compatible embedding adapter against a fake HTTP API on 127.0.0.1 (no keys,
no network)."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

from elfgraph.embedding.base import EmbeddingService, normalise
from elfgraph.embedding.openai_compat import OpenAIEmbeddingService
from elfgraph.errors import ConfigError
from elfgraph.llm.errors import ServiceError
from tests.support.fake_llm_server import KEY, FakeLLMServer, fake_embedding, sent_key

pytestmark = pytest.mark.usefixtures("no_provider_env")


def embedder(server: FakeLLMServer, **kwargs: Any) -> OpenAIEmbeddingService:
    kwargs.setdefault("api_key", KEY)
    return OpenAIEmbeddingService(
        "fake-embed", base_url=server.openai_base_url, max_retries=0, **kwargs
    )


@pytest.mark.anyio
async def test_embedding_round_trip(fake_server: FakeLLMServer) -> None:
    service = embedder(fake_server)
    assert isinstance(service, EmbeddingService)

    vector = await service.embed("hello world")

    assert vector.dtype == np.float32
    assert float(np.linalg.norm(vector)) == pytest.approx(1.0, abs=1e-6)
    assert np.allclose(vector, normalise(fake_embedding("hello world", 8)))
    assert service.dimensions == 8
    assert service.model_name == "fake-embed"
    [request] = fake_server.requests
    assert request.path == "/v1/embeddings"
    assert request.body["model"] == "fake-embed"
    assert request.body["encoding_format"] == "float"
    assert "dimensions" not in request.body
    assert sent_key(request) == KEY


@pytest.mark.anyio
async def test_embedding_batches_keep_order(fake_server: FakeLLMServer) -> None:
    fake_server.reverse_embeddings = True  # the adapter must sort by index
    texts = [f"text number {i}" for i in range(7)]
    service = embedder(fake_server, batch_size=3)

    vectors = await service.embed_batch(texts)

    assert [r.body["input"] for r in fake_server.requests] == [texts[:3], texts[3:6], texts[6:]]
    for text, vector in zip(texts, vectors, strict=True):
        assert np.allclose(vector, normalise(fake_embedding(text, 8)))


@pytest.mark.anyio
async def test_empty_batch_sends_nothing(fake_server: FakeLLMServer) -> None:
    assert await embedder(fake_server).embed_batch([]) == []
    assert fake_server.requests == []


@pytest.mark.anyio
async def test_dimensions_are_zero_until_learned(fake_server: FakeLLMServer) -> None:
    service = embedder(fake_server)
    assert service.dimensions == 0

    assert await service.learn_dimensions() == 8
    assert await service.learn_dimensions() == 8
    assert len(fake_server.requests) == 1  # probed once only


@pytest.mark.anyio
async def test_given_dimensions_are_requested(fake_server: FakeLLMServer) -> None:
    service = embedder(fake_server, dimensions=4)
    assert service.dimensions == 4

    vector = await service.embed("short")

    assert vector.shape == (4,)
    assert fake_server.requests[0].body["dimensions"] == 4


@pytest.mark.anyio
async def test_dimension_change_is_an_error(fake_server: FakeLLMServer) -> None:
    service = embedder(fake_server)
    await service.embed("first")
    fake_server.dimensions = 6

    with pytest.raises(ServiceError, match="6-dimensional") as caught:
        await service.embed("second")
    assert caught.value.recovery
    assert service.dimensions == 8


@pytest.mark.anyio
async def test_local_server_needs_no_key(fake_server: FakeLLMServer) -> None:
    service = OpenAIEmbeddingService("nomic-embed-text", base_url=fake_server.openai_base_url)
    await service.embed("hi")
    assert sent_key(fake_server.requests[0]) == "not-needed"


@pytest.mark.anyio
async def test_key_from_environment(
    fake_server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env-1234")
    await embedder(fake_server, api_key=None).embed("hi")
    assert sent_key(fake_server.requests[0]) == "sk-from-env-1234"


def test_openai_cloud_without_key_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="No API key") as caught:
        OpenAIEmbeddingService("text-embedding-3-small")
    assert "OPENAI_API_KEY" in caught.value.recovery


@pytest.mark.anyio
async def test_embedding_malformed_body(fake_server: FakeLLMServer) -> None:
    fake_server.raw_body = b'{"object": "list", "data": [{"index": 0, "embedding": "oops"}]}'
    with pytest.raises(ServiceError, match="unusable response") as caught:
        await embedder(fake_server).embed("x")
    assert "base_url" in caught.value.recovery


@pytest.mark.anyio
async def test_embedding_refused_key(fake_server: FakeLLMServer) -> None:
    fake_server.api_key = KEY
    wrong = "sk-wrong-key-abcdef987654"
    with pytest.raises(ServiceError, match="401") as caught:
        await embedder(fake_server, api_key=wrong).embed("x")
    assert wrong not in str(caught.value)
    assert "OPENAI_API_KEY" in caught.value.recovery


def test_missing_sdk_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)  # makes `import openai` fail
    with pytest.raises(ConfigError) as caught:
        OpenAIEmbeddingService("m", base_url="http://127.0.0.1:1/v1")
    assert "pip install '.[openai]'" in caught.value.recovery
