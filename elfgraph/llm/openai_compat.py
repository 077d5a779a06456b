"""The LLM port over any OpenAI-compatible chat API: OpenAI, Ollama, LM Studio, vLLM, …

No `response_format` is sent, since local servers differ in what they accept; the prompts
ask for JSON and `elfgraph.llm.prompts` parses the reply leniently.
"""

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
    from openai import AsyncOpenAI

SERVICE = "OpenAI-compatible server"
NO_KEY = "not-needed"  # sent to local servers that ignore the key; the SDK insists on one


class OpenAIConnection:
    """An `AsyncOpenAI` client plus what it takes to describe its failures.

    Shared by the chat and the embedding adapters. The key is `api_key`, else env
    OPENAI_API_KEY, else (only when a base_url points elsewhere than OpenAI) "not-needed".
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None,
        api_key: str | None,
        timeout: float,
        max_retries: int,
    ) -> None:
        try:
            import openai
        except ImportError as exc:
            raise ConfigError(
                "The openai package is not installed.",
                recovery="Install the extra: pip install '.[openai]' in the elfgraph clone.",
            ) from exc
        key = api_key or os.environ.get("OPENAI_API_KEY")
        if not key:
            if base_url is None and not os.environ.get("OPENAI_BASE_URL"):
                raise ConfigError(
                    "No API key for the OpenAI API.",
                    recovery="Set OPENAI_API_KEY or pass api_key=...; for a local server "
                    "(Ollama, LM Studio) pass its base_url, e.g. http://localhost:11434/v1.",
                )
            key = NO_KEY
        self.model = model
        self.client: AsyncOpenAI = openai.AsyncOpenAI(
            api_key=key, base_url=base_url, timeout=timeout, max_retries=max_retries
        )
        self.sdk_error: type[Exception] = openai.OpenAIError
        self._secret = None if key == NO_KEY else key

    @property
    def base_url(self) -> str:
        return str(self.client.base_url).rstrip("/")

    def error(self, exc: Exception) -> ServiceError:
        """The ServiceError for an SDK exception (the key never appears in it)."""
        return from_sdk_error(
            exc,
            service=SERVICE,
            base_url=self.base_url,
            model=self.model,
            key_hint="api_key argument or OPENAI_API_KEY",
            secret=self._secret,
        )

    def bad_response(self, problem: str) -> ServiceError:
        return ServiceError(
            f"{SERVICE} at {self.base_url} sent an unusable response: {problem}.",
            recovery="Check that base_url points at an OpenAI-compatible API (usually ending "
            f"in /v1) and that {self.model!r} is the right kind of model for the call.",
        )


class OpenAILLMService:
    """Block analysis and contradiction checks through `chat.completions`."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 30.0,
        temperature: float = 0.0,
        max_retries: int = 2,
    ) -> None:
        self._connection = OpenAIConnection(
            model, base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )
        self._temperature = temperature

    @property
    def model_name(self) -> str:
        return self._connection.model

    async def process_block(self, block: str, self_context: str) -> BlockAnalysis:
        return parse_analysis(await self._complete(*analysis_prompt(block, self_context)))

    async def detect_contradiction(self, block_a: str, block_b: str) -> float:
        return parse_contradiction(await self._complete(*contradiction_prompt(block_a, block_b)))

    async def _complete(self, system: str, user: str) -> str:
        """The assistant's text for one system + user exchange."""
        connection = self._connection
        try:
            response = await connection.client.chat.completions.create(
                model=connection.model,
                messages=[
                    {"role": "system", "content": system},
                    {"role": "user", "content": user},
                ],
                temperature=self._temperature,
            )
        except connection.sdk_error as exc:
            raise connection.error(exc) from exc
        except ValueError as exc:  # the SDK lets a body that is not JSON through as this
            raise connection.bad_response(f"the body is not JSON ({exc})") from exc
        # Lenient SDK parsing may leave fields missing or of the wrong type.
        try:
            content = response.choices[0].message.content
        except (AttributeError, IndexError, KeyError, TypeError):
            content = None
        if not isinstance(content, str) or not content.strip():
            raise connection.bad_response("no message text in the reply")
        return content
