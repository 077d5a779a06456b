"""Remote embedding and LLM adapters against a fake HTTP API on 127.0.0.1 (no keys, no network)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from elfgraph.embedding.base import EmbeddingService, normalise
from elfgraph.embedding.openai_compat import OpenAIEmbeddingService
from elfgraph.errors import ConfigError
from elfgraph.llm.anthropic import AnthropicLLMService
from elfgraph.llm.base import BlockAnalysis, LLMService
from elfgraph.llm.errors import ServiceError
from elfgraph.llm.openai_compat import OpenAILLMService
from elfgraph.llm.prompts import analysis_prompt, parse_analysis, parse_contradiction
from tests.support.fake_llm_server import FakeLLMServer, RecordedRequest, fake_embedding, sent_key
from tests.support.network import closed_port

KEY = "sk-test-0123456789abcdef"
LLMFactory = Callable[..., LLMService]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """No real keys, base URLs, profiles or proxies may leak in from the environment."""
    for name in list(os.environ):
        upper = name.upper()
        if upper.startswith(("OPENAI_", "ANTHROPIC_")) or upper.endswith("_PROXY"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("HOME", str(tmp_path))  # no Anthropic SDK profile on disk either


@pytest.fixture
def fake_server() -> Iterator[FakeLLMServer]:
    server = FakeLLMServer().start()
    yield server
    server.stop()


def embedder(server: FakeLLMServer, **kwargs: Any) -> OpenAIEmbeddingService:
    kwargs.setdefault("api_key", KEY)
    return OpenAIEmbeddingService(
        "fake-embed", base_url=server.openai_base_url, max_retries=0, **kwargs
    )


@pytest.fixture(params=["openai", "anthropic"])
def make_llm(request: pytest.FixtureRequest, fake_server: FakeLLMServer) -> LLMFactory:
    """Builds either chat adapter pointed at the fake server."""

    def build(base_url: str | None = None, api_key: str = KEY) -> LLMService:
        if request.param == "openai":
            url = base_url or fake_server.openai_base_url
            return OpenAILLMService("fake-chat", base_url=url, api_key=api_key, max_retries=0)
        url = base_url or fake_server.base_url
        return AnthropicLLMService("fake-claude", base_url=url, api_key=api_key, max_retries=0)

    return build


def prompt_text(request: RecordedRequest) -> tuple[str, str]:
    """(system, user) as sent, whichever API shape the request has."""
    body = request.body
    if request.path == "/v1/messages":
        return body["system"], body["messages"][0]["content"]
    messages = {m["role"]: m["content"] for m in body["messages"]}
    return messages["system"], messages["user"]


# --- embeddings --------------------------------------------------------------------------


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


@pytest.mark.parametrize(
    ("module", "build"),
    [
        ("openai", lambda: OpenAIEmbeddingService("m", base_url="http://127.0.0.1:1/v1")),
        ("openai", lambda: OpenAILLMService("m", base_url="http://127.0.0.1:1/v1")),
        ("anthropic", lambda: AnthropicLLMService("m", api_key=KEY)),
    ],
)
def test_missing_sdk_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, module: str, build: Callable[[], object]
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # makes `import module` fail
    with pytest.raises(ConfigError) as caught:
        build()
    assert f"pip install 'elfgraph[{module}]'" in caught.value.recovery


# --- LLMs (both adapters) -------------------------------------------------------------------


@pytest.mark.anyio
async def test_process_block_parses_and_cleans(
    make_llm: LLMFactory, fake_server: FakeLLMServer
) -> None:
    fake_server.reply = (
        "Sure! Here is my assessment:\n```json\n"
        '{"alignment_score": 1.7, "tags": ["self/value", "self/hobby", "self/value", 3],'
        ' "summary": "  The agent values honesty.  "}\n```\nHope that helps.'
    )
    llm = make_llm()
    assert isinstance(llm, LLMService)

    analysis = await llm.process_block("I always tell the truth.", "Be honest {always}.")

    assert analysis == BlockAnalysis(1.0, ["self/value"], "The agent values honesty.")
    [request] = fake_server.requests
    assert request.body["model"] in ("fake-chat", "fake-claude")
    assert sent_key(request) == KEY
    system, user = prompt_text(request)
    assert "alignment_score" in system
    assert "self/constitutional" in system
    assert "I always tell the truth." in user
    assert "Be honest {always}." in user


@pytest.mark.anyio
async def test_detect_contradiction(make_llm: LLMFactory, fake_server: FakeLLMServer) -> None:
    fake_server.reply = '{"contradiction_score": 0.9}'
    llm = make_llm()
    assert await llm.detect_contradiction("The sky is blue.", "The sky is green.") == 0.9

    fake_server.reply = '{"contradiction_score": -3}'
    assert await llm.detect_contradiction("a", "b") == 0.0

    system, user = prompt_text(fake_server.requests[0])
    assert "contradiction_score" in system
    assert "The sky is blue." in user
    assert "The sky is green." in user


@pytest.mark.anyio
@pytest.mark.parametrize(
    "reply",
    [
        "I'd rather not answer in JSON.",
        '{"alignment_score": "high", "tags": []}',
        '{"alignment_score": 0.4, "tags": "self/value"}',
        '{"alignment_score": 0.4, "summary": ["not", "a", "string"]}',
        '{"alignment_score": 0.4, "tags": [',
    ],
)
async def test_malformed_reply(
    make_llm: LLMFactory, fake_server: FakeLLMServer, reply: str
) -> None:
    fake_server.reply = reply
    with pytest.raises(ServiceError, match="Malformed model reply") as caught:
        await make_llm().process_block("block", "")
    assert "model" in caught.value.recovery


@pytest.mark.anyio
async def test_malformed_http_body(make_llm: LLMFactory, fake_server: FakeLLMServer) -> None:
    fake_server.raw_body = b"<html>Bad gateway</html>"
    with pytest.raises(ServiceError, match="not JSON") as caught:
        await make_llm().detect_contradiction("a", "b")
    assert "base_url" in caught.value.recovery


@pytest.mark.anyio
async def test_refused_key_is_not_in_the_error(
    make_llm: LLMFactory, fake_server: FakeLLMServer
) -> None:
    fake_server.api_key = KEY
    wrong = "sk-wrong-key-abcdef987654"
    with pytest.raises(ServiceError, match="refused the API key") as caught:
        await make_llm(api_key=wrong).process_block("block", "self")
    error = caught.value
    assert "401" in error.message
    assert wrong not in str(error)
    assert wrong not in repr(error.to_dict())
    assert "API_KEY" in error.recovery


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("status", "message", "hint"),
    [(500, "HTTP 500", "logs"), (404, "HTTP 404", "base_url"), (429, "HTTP 429", "retry")],
)
async def test_http_errors(
    make_llm: LLMFactory, fake_server: FakeLLMServer, status: int, message: str, hint: str
) -> None:
    fake_server.status = status
    with pytest.raises(ServiceError, match=message) as caught:
        await make_llm().detect_contradiction("a", "b")
    assert hint in caught.value.recovery


@pytest.mark.anyio
async def test_echoed_key_is_masked(make_llm: LLMFactory, fake_server: FakeLLMServer) -> None:
    fake_server.status = 400
    fake_server.error_message = f"Bad request from {KEY}."
    with pytest.raises(ServiceError, match=r"Bad request from \*\*\*") as caught:
        await make_llm().detect_contradiction("a", "b")
    assert KEY not in str(caught.value)


@pytest.mark.anyio
async def test_unreachable_server(make_llm: LLMFactory) -> None:
    llm = make_llm(base_url=f"http://127.0.0.1:{closed_port()}/v1")
    with pytest.raises(ServiceError, match="could not be reached") as caught:
        await llm.process_block("block", "self")
    assert "base_url" in caught.value.recovery


def test_anthropic_without_any_credentials_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="No API key") as caught:
        AnthropicLLMService("claude-model")
    assert "ANTHROPIC_API_KEY" in caught.value.recovery


def test_anthropic_bad_sdk_profile_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_PROFILE", "no-such-profile")
    with pytest.raises(ConfigError, match="could not be set up"):
        AnthropicLLMService("claude-model")


# --- prompt parsing ---------------------------------------------------------------------------


def test_parse_analysis_skips_think_blocks_and_stray_braces() -> None:
    reply = (
        "<think>The format is {alignment_score: ...}; keep it short.</think>\n"
        'Using {braces} in prose. {"alignment_score": "0.8", "tags": null, "summary": ""}'
    )
    assert parse_analysis(reply) == BlockAnalysis(0.8, [], None)


def test_parse_analysis_nan_is_neutral() -> None:
    assert parse_analysis('{"alignment_score": NaN}').alignment_score == 0.5


def test_parse_contradiction_needs_the_score() -> None:
    assert parse_contradiction('{"contradiction_score": 1}') == 1.0
    with pytest.raises(ServiceError, match="contradiction_score"):
        parse_contradiction('{"score": 0.3}')
    with pytest.raises(ServiceError, match="contradiction_score"):
        parse_contradiction('{"contradiction_score": true}')


def test_analysis_prompt_marks_an_empty_self_context() -> None:
    _, user = analysis_prompt("a block", "  ")
    assert "(empty)" in user
    assert "a block" in user
