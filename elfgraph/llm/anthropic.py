"""The LLM port over Anthropic's Messages API."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from elfgraph.errors import ConfigError
from elfgraph.llm.base import BlockAnalysis
from elfgraph.llm.errors import ServiceError, from_sdk_error
from elfgraph.llm.prompts import (
    analysis_prompt,
    contradiction_prompt,
    parse_analysis,
    parse_contradiction,
)

if TYPE_CHECKING:
    from anthropic import AsyncAnthropic

SERVICE = "Anthropic API"


class AnthropicLLMService:
    """Block analysis and contradiction checks through `messages.create`.

    The key is `api_key`, else env ANTHROPIC_API_KEY, else whatever other credentials the
    SDK finds (ANTHROPIC_AUTH_TOKEN, a profile); with none at all this raises ConfigError.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_tokens: int = 400,
        max_retries: int = 2,
    ) -> None:
        try:
            import anthropic
        except ImportError as exc:
            raise ConfigError(
                "The anthropic package is not installed.",
                recovery="Install the extra: pip install '.[anthropic]' in the elfgraph clone.",
            ) from exc
        key = api_key or os.environ.get("ANTHROPIC_API_KEY") or None
        self._model = model
        self._max_tokens = max_tokens
        try:
            self._client: AsyncAnthropic = anthropic.AsyncAnthropic(
                api_key=key, base_url=base_url, timeout=timeout, max_retries=max_retries
            )
        except anthropic.AnthropicError as exc:  # e.g. a named profile that does not exist
            raise ConfigError(
                f"The Anthropic client could not be set up: {exc}",
                recovery="Pass api_key=... or set ANTHROPIC_API_KEY, or fix the SDK profile "
                "settings (ANTHROPIC_PROFILE, ANTHROPIC_CONFIG_DIR).",
            ) from exc
        if key is None and not _has_other_credentials(self._client):
            raise ConfigError(
                "No API key for the Anthropic API.",
                recovery="Set ANTHROPIC_API_KEY or pass api_key=....",
            )
        self._sdk_error: type[Exception] = anthropic.AnthropicError
        self._secret = key

    @property
    def model_name(self) -> str:
        return self._model

    async def process_block(self, block: str, self_context: str) -> BlockAnalysis:
        return parse_analysis(await self._complete(*analysis_prompt(block, self_context)))

    async def detect_contradiction(self, block_a: str, block_b: str) -> float:
        return parse_contradiction(await self._complete(*contradiction_prompt(block_a, block_b)))

    async def _complete(self, system: str, user: str) -> str:
        """The text of the model's reply to one system + user exchange."""
        try:
            message = await self._client.messages.create(
                model=self._model,
                max_tokens=self._max_tokens,
                system=system,
                messages=[{"role": "user", "content": user}],
            )
        except self._sdk_error as exc:
            raise from_sdk_error(
                exc,
                service=SERVICE,
                base_url=self._base_url,
                model=self._model,
                key_hint="api_key argument or ANTHROPIC_API_KEY",
                secret=self._secret,
            ) from exc
        except ValueError as exc:  # the SDK lets a body that is not JSON through as this
            raise self._bad_response(f"the body is not JSON ({exc})") from exc
        # Lenient SDK parsing may leave fields missing or of the wrong type.
        try:
            parts = [getattr(block, "text", None) for block in message.content]
        except (AttributeError, TypeError):
            parts = []
        text = "".join(part for part in parts if isinstance(part, str))
        if not text.strip():
            raise self._bad_response("no text in the reply")
        return text

    def _bad_response(self, problem: str) -> ServiceError:
        return ServiceError(
            f"{SERVICE} at {self._base_url} sent an unusable response: {problem}.",
            recovery="Check that base_url points at the Anthropic Messages API and that "
            f"{self._model!r} is a Claude model; raise max_tokens if replies are cut off.",
        )

    @property
    def _base_url(self) -> str:
        return str(self._client.base_url).rstrip("/")


def _has_other_credentials(client: AsyncAnthropic) -> bool:
    """Whether the SDK found an auth token or credential provider (newer SDKs only)."""
    return any(getattr(client, name, None) for name in ("auth_token", "credentials"))
