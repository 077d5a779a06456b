"""ServiceError: a remote embedding or LLM service failed, with a hint on what to fix.

The caller of an LLM service falls back on any exception, so adapters only need to fail
clearly. Messages never contain the API key: on 401/403 the server's own text is left out
(it may echo part of the key), elsewhere the key is masked should a server echo it.
"""

from __future__ import annotations

from elfgraph.errors import ElfgraphError

_SNIPPET = 200


class ServiceError(ElfgraphError):
    """A remote service refused, could not be reached, or replied with something unusable."""


def snippet(text: str, secret: str | None = None) -> str:
    """A short, key-free excerpt of server or model text for an error message."""
    if secret:
        text = text.replace(secret, "***")
    text = " ".join(text.split())
    return text if len(text) <= _SNIPPET else text[:_SNIPPET] + "…"


def from_sdk_error(
    exc: Exception, *, service: str, base_url: str, model: str, key_hint: str, secret: str | None
) -> ServiceError:
    """Translate an `openai` or `anthropic` SDK exception into a ServiceError.

    Both SDKs are generated from the same template, so their errors share class names and a
    `status_code` on HTTP errors; matching on those keeps this module free of SDK imports.
    """
    where = f"{service} at {base_url}"
    status = getattr(exc, "status_code", None)
    names = {cls.__name__ for cls in type(exc).__mro__}
    if "APIResponseValidationError" in names:
        return ServiceError(
            f"{where} sent a response of an unexpected shape.",
            recovery="Check that base_url points at the right kind of API for this adapter.",
        )
    if status in (401, 403):
        return ServiceError(
            f"{where} refused the API key (HTTP {status}).",
            recovery=f"Check the key ({key_hint}) and that it may use model {model!r}.",
        )
    detail = snippet(str(getattr(exc, "message", exc)), secret)
    if status == 404:
        return ServiceError(
            f"{where} has no such endpoint or model {model!r} (HTTP 404): {detail}",
            recovery="Check the model name and base_url: OpenAI-compatible ones end in /v1 "
            "(e.g. http://localhost:11434/v1 for Ollama), Anthropic's does not.",
        )
    if status == 429:
        return ServiceError(
            f"{where} is rate limiting requests (HTTP 429): {detail}",
            recovery="Wait and retry, lower the request rate or batch size, or check the quota.",
        )
    if isinstance(status, int):
        return ServiceError(
            f"{where} answered HTTP {status}: {detail}",
            recovery="Check the request settings (model, dimensions) for 4xx; retry later or "
            "look at the server's logs for 5xx.",
        )
    if "APITimeoutError" in names:
        return ServiceError(
            f"{where} did not answer in time.",
            recovery="Raise the adapter's timeout, or check that the server is not overloaded.",
        )
    if "APIConnectionError" in names:
        return ServiceError(
            f"{where} could not be reached: {detail}",
            recovery="Check that the server is running and that base_url is right.",
        )
    return ServiceError(
        f"{where} failed: {type(exc).__name__}: {detail}",
        recovery="Check the adapter settings (base_url, model, key) and the server's logs.",
    )
