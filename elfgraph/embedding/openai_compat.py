"""The embedding port over any OpenAI-compatible `/v1/embeddings` API.

Works with OpenAI, Ollama (`http://localhost:11434/v1`), LM Studio, vLLM and the like.
"""

from __future__ import annotations

from collections.abc import Sequence

from elfgraph.embedding.base import Vector, normalise
from elfgraph.errors import ConfigError
from elfgraph.llm.errors import ServiceError
from elfgraph.llm.openai_compat import OpenAIConnection


class OpenAIEmbeddingService:
    """Unit-norm float32 embeddings from a remote model.

    `dimensions`, when given, is sent with each request (text-embedding-3 models shorten
    their vectors to it) and every vector must have that length. When not given, the length
    of the first vector returned becomes `dimensions` (0 before that: the property cannot
    raise, since `isinstance(x, EmbeddingService)` reads it on Python 3.11), and a later
    different length is an error, as a space is locked to one dimension. Texts go out
    `batch_size` at a time.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dimensions: int | None = None,
        batch_size: int = 256,
        timeout: float = 30.0,
        max_retries: int = 2,
    ) -> None:
        if dimensions is not None and dimensions <= 0:
            raise ConfigError(
                f"dimensions must be positive, not {dimensions}.",
                recovery="Pass the model's vector length, or leave dimensions out to learn it.",
            )
        if batch_size <= 0:
            raise ConfigError(
                f"batch_size must be positive, not {batch_size}.",
                recovery="Pass a batch_size of 1 or more (the OpenAI API takes up to 2048).",
            )
        self._connection = OpenAIConnection(
            model, base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )
        self._requested_dimensions = dimensions
        self._dimensions = dimensions
        self._batch_size = batch_size

    @property
    def model_name(self) -> str:
        return self._connection.model

    @property
    def dimensions(self) -> int:
        """0 until the first response when not given (a space refuses 0 dimensions)."""
        return self._dimensions or 0

    async def learn_dimensions(self) -> int:
        """Embed a probe text if the dimension is still unknown, and return it.

        For callers that need `dimensions` before embedding anything, e.g. to lock a space.
        """
        if self._dimensions is None:
            await self.embed("dimension probe")
        return self.dimensions

    async def embed(self, text: str) -> Vector:
        return (await self._embed_chunk([text]))[0]

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        vectors: list[Vector] = []
        for start in range(0, len(texts), self._batch_size):
            vectors.extend(await self._embed_chunk(texts[start : start + self._batch_size]))
        return vectors

    async def _embed_chunk(self, texts: list[str]) -> list[Vector]:
        """One request; vectors in input order (servers give each an index)."""
        connection = self._connection
        extra = None
        if self._requested_dimensions is not None:
            # Through extra_body so SDKs older than `openai.omit` accept the call too.
            extra = {"dimensions": self._requested_dimensions}
        try:
            response = await connection.client.embeddings.create(
                model=connection.model, input=texts, encoding_format="float", extra_body=extra
            )
        except connection.sdk_error as exc:
            raise connection.error(exc) from exc
        except ValueError as exc:  # the SDK lets a body that is not JSON through as this
            raise connection.bad_response(f"the body is not JSON ({exc})") from exc
        try:
            items = sorted(response.data, key=lambda item: item.index)
            raw = [item.embedding for item in items]
        except (AttributeError, TypeError) as exc:
            raise connection.bad_response(f"no embedding list ({exc})") from exc
        if len(raw) != len(texts):
            raise connection.bad_response(f"{len(raw)} embeddings for {len(texts)} texts")
        return [self._checked(values) for values in raw]

    def _checked(self, values: Sequence[float]) -> Vector:
        """Normalised vector, after fixing or checking the dimension."""
        try:
            vector = normalise(values)
        except (TypeError, ValueError) as exc:
            raise self._connection.bad_response(f"an embedding is not numbers ({exc})") from exc
        if self._dimensions is None:
            if vector.size == 0:
                raise self._connection.bad_response("an empty embedding")
            self._dimensions = int(vector.size)
        elif vector.size != self._dimensions:
            raise ServiceError(
                f"{self.model_name!r} returned a {vector.size}-dimensional vector where "
                f"{self._dimensions} dimensions are expected.",
                recovery="Use one model with a fixed dimension per service (and per space); "
                "pass dimensions=... matching what the model returns.",
            )
        return vector
