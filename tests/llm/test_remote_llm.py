"""The remote LLM adapters (OpenAI-compatible and Anthropic) against a fake HTTP API on
127.0.0.1 (no keys, no network)."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from elfgraph.errors import ConfigError
from elfgraph.llm.anthropic import AnthropicLLMService
from elfgraph.llm.base import BlockAnalysis, LLMService
from elfgraph.llm.errors import ServiceError
from elfgraph.llm.openai_compat import OpenAILLMService
from tests.support.fake_llm_server import KEY, FakeLLMServer, RecordedRequest, sent_key
from tests.support.network import closed_port

LLMFactory = Callable[..., LLMService]

pytestmark = pytest.mark.usefixtures("no_provider_env")


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


@pytest.mark.parametrize(
    ("module", "build"),
    [
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
    assert f"pip install '.[{module}]'" in caught.value.recovery


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
