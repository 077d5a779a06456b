"""A request's body and arguments, within the server's limits (docs/DEPLOYMENT.md,
"Limits"): a body over `max_body_bytes` or a batch over `max_batch` items is 413 before
anything is read into the memory; a body that is not a JSON object, or an argument the
method does not have, is 400. Values are the library's to check (422)."""

from __future__ import annotations

import functools
import inspect
import json
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from elfgraph.errors import LimitError, RequestError
from elfgraph.memory import MemorySystem
from elfgraph.wire import Operation

BATCHES = {"learn_many": "items", "connects": "specs"}  # the argument that is a batch


@dataclass(frozen=True)
class Limits:
    max_body_bytes: int = 4 * 2**20
    max_batch: int = 1_000


@functools.cache
def parameters(name: str) -> dict[str, inspect.Parameter]:
    """The arguments of MemorySystem.<name>, by name."""
    method = getattr(MemorySystem, name)
    return {
        p.name: p
        for p in inspect.signature(method).parameters.values()
        if p.name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    }


async def body_bytes(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large(int(declared), limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(size, limit)
        chunks.append(chunk)
    return b"".join(chunks)


def too_large(size: int, limit: int) -> LimitError:
    return LimitError(
        f"The request's body is over the server's limit of {limit:,} bytes (at least "
        f"{size:,}); nothing was stored.",
        recovery="Send less in one call (split a learn_many batch), or start the server with "
        "a larger --max-body-mb.",
    )


def json_object(raw: bytes, what: str) -> dict[str, Any]:
    if not raw.strip():
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RequestError(
            f"The body of {what} is not JSON: {exc}.",
            recovery='Send the arguments as one JSON object, e.g. {"query": "…"}.',
        ) from None
    if not isinstance(value, dict):
        raise RequestError(
            f"The body of {what} is JSON but not an object.",
            recovery="Send the arguments as one JSON object of argument names and values.",
        )
    return value


def query_arguments(request: Request) -> dict[str, Any]:
    """GET: each query parameter as JSON when it parses as JSON (numbers, true, null), else
    as text."""
    found: dict[str, Any] = {}
    for name, text in request.query_params.items():
        try:
            found[name] = json.loads(text)
        except ValueError:
            found[name] = text
    return found


def arguments(op: Operation[Any], given: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """The call's keyword arguments: known names only, the required ones present, batches
    within the limit."""
    known = {n: p for n, p in parameters(op.name).items() if n not in op.local}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise RequestError(
            f"{op.name} has no argument {', '.join(map(repr, unknown))}.",
            recovery=f"Its arguments are: {', '.join(known) or 'none'}.",
        )
    missing = [n for n, p in known.items() if p.default is p.empty and n not in given]
    if missing:
        raise RequestError(
            f"{op.name} needs {', '.join(map(repr, missing))}.",
            recovery=f"Its arguments are: {', '.join(known)}.",
        )
    batch = BATCHES.get(op.name)
    if batch is not None and isinstance(given.get(batch), list):  # noqa: SIM102
        if len(given[batch]) > limits.max_batch:
            raise LimitError(
                f"{op.name} got {len(given[batch]):,} {batch}; the server takes at most "
                f"{limits.max_batch:,} in one call. Nothing was stored.",
                recovery="Split the batch into several calls, or start the server with a "
                "larger --max-batch.",
            )
    return given
