"""What crosses the wire between elfgraph's service and its client (docs/ARCHITECTURE.md,
"The service"): the operations, their routes and scopes, the headers, and each
ElfgraphError's HTTP status. Both `elfgraph.server` and `elfgraph.client` import this
module, and nothing else of each other.

An operation is a MemorySystem method of the same name: `POST /v1/spaces/{space}/{name}`
with the method's arguments as a JSON object (names as in Python), answered with its result
as JSON (the result type's pydantic model). The library checks the arguments, so an
argument the method refuses is the same ElfgraphError in process and through the service.

Adding a MemorySystem method to the service: one `Operation` below (its scope and result
type), the same method on `elfgraph.client.RemoteMemory` (one line: `return await
self._call(...)`) and on `elfgraph.protocol.Memory`. tests/server/test_operations.py fails
until all three agree with MemorySystem.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from elfgraph import errors
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.curation.models import CurateResult
from elfgraph.edges.models import (
    ConnectByQueryResult,
    ConnectResult,
    ConnectsResult,
    DisconnectResult,
)
from elfgraph.errors import ElfgraphError
from elfgraph.feedback.models import OutcomeResult
from elfgraph.forgetting.models import CorrectResult, ForgetResult
from elfgraph.history import OperationRecord
from elfgraph.learning.models import LearnResult
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.status.models import SystemStatus

T = TypeVar("T")

PREFIX = "/v1"
SESSION_HEADER = "Elfgraph-Session"  # the caller's open session, both ways
BOOKMARKS_HEADER = "Elfgraph-Bookmarks"  # the caller's latest bookmarks, both ways
OPERATION_HEADER = "Idempotency-Key"  # one per call of a counted write, kept across retries
MAX_BOOKMARKS = 16
MAX_BOOKMARK_CHARS = 512


@dataclass(frozen=True)
class Operation(Generic[T]):
    """One MemorySystem method as the service serves it."""

    name: str
    scope: str  # the least key scope that may call it: read, write or admin
    result: TypeAdapter[T]
    summary: str
    local: tuple[str, ...] = ()  # arguments that stay in the caller's process (callbacks)
    retried_once: bool = False  # a counted write: sent with an Idempotency-Key
    get: bool = False  # also GET, with the arguments as query parameters

    @property
    def path(self) -> str:
        return f"{PREFIX}/spaces/{{space}}/{self.name}"


def _op(name: str, scope: str, result: Any, summary: str, **options: Any) -> Operation[Any]:
    return Operation(name, scope, TypeAdapter(result), summary, **options)


LEARN: Operation[LearnResult] = _op("learn", "write", LearnResult, "Store one block in the inbox")
REMEMBER: Operation[LearnResult] = _op(
    "remember", "write", LearnResult, "learn, opening a session first if none is open"
)
LEARN_MANY: Operation[list[LearnResult]] = _op(
    "learn_many", "write", list[LearnResult], "learn a batch in one round trip"
)
BEGIN_SESSION: Operation[str] = _op("begin_session", "write", str, "Open a session")
END_SESSION: Operation[float] = _op("end_session", "write", float, "Close the session")
NOW_HOURS: Operation[float] = _op("now_hours", "read", float, "Active hours now", get=True)
CONSOLIDATE: Operation[ConsolidateResult] = _op(
    "consolidate", "write", ConsolidateResult, "Embed, deduplicate and link the inbox",
    local=("progress",),
)  # fmt: skip
DREAM: Operation[ConsolidateResult | None] = _op(
    "dream", "write", ConsolidateResult | None, "consolidate when the inbox holds anything",
    local=("progress",),
)  # fmt: skip
RECALL: Operation[list[ScoredBlock]] = _op(
    "recall", "read", list[ScoredBlock], "The best blocks for a query (no writes)"
)
FRAME: Operation[FrameResult] = _op(
    "frame", "write", FrameResult, "Rendered context; reinforces what it returns",
    retried_once=True,
)  # fmt: skip
OUTCOME: Operation[OutcomeResult] = _op(
    "outcome", "write", OutcomeResult, "How much the given blocks helped", retried_once=True
)
CONNECT: Operation[ConnectResult] = _op(
    "connect", "write", ConnectResult, "Assert that two blocks are related"
)
DISCONNECT: Operation[DisconnectResult] = _op(
    "disconnect", "write", DisconnectResult, "Remove the edge between two blocks"
)
CONNECTS: Operation[ConnectsResult] = _op(
    "connects", "write", ConnectsResult, "connect several edges in one transaction"
)
CONNECT_BY_QUERY: Operation[ConnectByQueryResult] = _op(
    "connect_by_query", "write", ConnectByQueryResult, "Connect the best match of two queries"
)
FORGET: Operation[ForgetResult] = _op(
    "forget", "write", ForgetResult, "Delete blocks for good (dry_run: what would go)"
)
FORGET_MATCHING: Operation[ForgetResult] = _op(
    "forget_matching", "write", ForgetResult, "Preview, or forget, the blocks holding a text"
)
CORRECT: Operation[CorrectResult] = _op(
    "correct", "write", CorrectResult, "Replace a fact that changed"
)
CURATE: Operation[CurateResult] = _op("curate", "write", CurateResult, "Maintenance of the space")
SHOULD_CURATE: Operation[bool] = _op(
    "should_curate", "read", bool, "Whether curate is due", get=True
)
STATUS: Operation[SystemStatus] = _op(
    "status", "read", SystemStatus, "Counts, clock, health and what to do next", get=True
)
HISTORY: Operation[list[OperationRecord]] = _op(
    "history", "read", list[OperationRecord], "The session's last operations on this server",
    get=True,
)  # fmt: skip

OPERATIONS: dict[str, Operation[Any]] = {
    op.name: op
    for op in (
        LEARN, REMEMBER, LEARN_MANY, BEGIN_SESSION, END_SESSION, NOW_HOURS, CONSOLIDATE, DREAM,
        RECALL, FRAME, OUTCOME, CONNECT, DISCONNECT, CONNECTS, CONNECT_BY_QUERY, FORGET,
        FORGET_MATCHING, CORRECT, CURATE, SHOULD_CURATE, STATUS, HISTORY,
    )
}  # fmt: skip

# Public MemorySystem members that are no route of their own, and why: the client keeps
# them in its own process, or they travel in headers.
NOT_ROUTES: dict[str, str] = {
    "open": "elfgraph.connect opens a client",
    "managed": "the client is an async context manager",
    "close": "closes the client (ending its session)",
    "session": "the client's own: begin_session, status, consolidate, end_session",
    "view": "the server gives each session its view",
    "resume_session": "the Elfgraph-Session header",
    "export": "GET /v1/spaces/{space}/export (a stream)",
    "guide": "static: GET /v1/guide",
}

# ---- errors -------------------------------------------------------------------------------

# Each ElfgraphError class → its HTTP status; a class not listed takes its nearest listed
# base's. Nothing else crosses the wire as an error.
HTTP_STATUS: dict[type[ElfgraphError], int] = {
    ElfgraphError: 500,
    errors.ConfigError: 422,
    errors.SessionError: 409,
    errors.LearnError: 422,
    errors.FrameError: 422,
    errors.OutcomeError: 422,
    errors.ConnectError: 422,
    errors.SelfLoopError: 422,
    errors.BlockNotActiveError: 409,
    errors.DegreeLimitError: 409,
    errors.StorageError: 503,
    errors.CurateError: 409,
    errors.DreamError: 409,
    errors.ForgetError: 422,
    errors.CorrectError: 422,
    errors.ImportFileError: 422,
    errors.Neo4jServerError: 500,
    errors.CypherFileError: 500,
    errors.ServiceError: 503,
    errors.AuthError: 401,
    errors.AccessError: 403,
    errors.RequestError: 400,
    errors.LimitError: 413,
}
ERRORS: dict[str, type[ElfgraphError]] = {cls.__name__: cls for cls in HTTP_STATUS}
# The extra attributes some errors carry, sent along so the client's error has them too.
DETAILS = ("block_id", "status", "cap", "source", "line", "problem", "path")


def http_status(exc: ElfgraphError) -> int:
    own = getattr(exc, "status", None)
    if isinstance(exc, errors.RequestError) and isinstance(own, int):
        return own
    for cls in type(exc).__mro__:
        found = HTTP_STATUS.get(cls)
        if found is not None:
            return found
    return 500


def error_body(exc: ElfgraphError) -> dict[str, Any]:
    """`{error, message, recovery}` (the recovery spelled for Python callers), with the
    recovery's template, from which the client spells it for its own face."""
    body: dict[str, Any] = exc.to_dict("python")
    body["recovery_template"] = exc.recovery_template
    details: dict[str, str | int | None] = {
        name: value
        for name in DETAILS
        if isinstance(value := getattr(exc, name, None), str | int) and name != "status"
    }
    if isinstance(exc, errors.BlockNotActiveError):
        details["status"] = exc.status
    if details:
        body["details"] = details
    return body


def error_from(status: int, body: object) -> ElfgraphError:
    """The ElfgraphError a service answered with, as the class it was raised as."""
    if not isinstance(body, Mapping) or not isinstance(body.get("message"), str):
        return errors.ServiceError(
            f"The service answered HTTP {status} without an elfgraph error.",
            recovery="Check ELFGRAPH_URL: it should be the address of `elfgraph serve` "
            "(behind a proxy, the proxy's address for it).",
        )
    cls = ERRORS.get(str(body.get("error")), errors.ServiceError)
    template = body.get("recovery_template") or body.get("recovery") or ""
    exc = cls.__new__(cls)
    ElfgraphError.__init__(exc, body["message"], recovery=str(template))
    details = body.get("details")
    for name, value in details.items() if isinstance(details, Mapping) else ():
        if name in DETAILS:
            setattr(exc, name, value)
    if cls is errors.RequestError:
        exc.status = status  # type: ignore[attr-defined]
    return exc


# ---- arguments ----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """An argument as JSON can carry it: models as objects, tuples and sets as lists, dates
    and date-times as ISO text (as the library reads them)."""
    if isinstance(value, date):  # a datetime is a date too
        return value.isoformat()
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=repr)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise errors.ConfigError(
        f"An argument of type {type(value).__name__} cannot be sent to the service.",
        recovery="Pass text, numbers, booleans, lists and dicts of them, as the method's "
        "documentation says.",
    )


def dumps(values: Any) -> bytes:
    """JSON of plain values; NaN and infinities travel as JSON's extension (the library
    refuses them with its own error)."""
    return json.dumps(values, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def check_bookmarks(raw: str | None) -> list[str]:
    """The bookmarks of a request's header, or RequestError."""
    if not raw:
        return []
    found = [b.strip() for b in raw.split(",") if b.strip()]
    if len(found) > MAX_BOOKMARKS or any(
        len(b) > MAX_BOOKMARK_CHARS or not b.isascii() for b in found
    ):
        raise errors.RequestError(
            f"The {BOOKMARKS_HEADER} header holds at most {MAX_BOOKMARKS} bookmarks.",
            recovery="Send back the bookmarks the service answered with, as they were.",
        )
    return found
