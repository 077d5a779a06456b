"""Errors raised by elfgraph, each with a `.recovery` hint an agent or a person can act on.

ElfgraphError                 base; str() ends with "— Recovery: …"
├── ConfigError               bad settings or arguments (space name, config values)
├── SessionError              a session cannot be begun as asked
├── LearnError                content, tags or category that learn() cannot store
├── FrameError                an unknown frame name or an unusable query
├── OutcomeError              an outcome() signal, weight or id list out of range
├── ConnectError              connect()/disconnect() cannot do what was asked
│   ├── SelfLoopError         source and target are the same block
│   ├── BlockNotActiveError   a block is not active in this space
│   └── DegreeLimitError      a block is at the degree cap with only protected edges
├── ForgetError               forget()/forget_matching() given ids, a text or a reason it cannot use
├── CorrectError              correct() cannot replace the block as asked
├── StorageError              Neo4j unreachable, refused credentials, schema or lock mismatch
├── CurateError               a curate run lost its lock to another run midway
├── DreamError                a dream lost its space's lease to another dream midway
├── ImportFileError           an export file or elfmem database that cannot be imported
├── Neo4jServerError          the local Neo4j server could not be assembled, started or stopped
├── CypherFileError           a query file under cypher/ breaks the header contract
└── ServiceError              the service (elfgraph serve) cannot be reached, or refused
    ├── AuthError             no key, or an unknown, wrong or revoked one (HTTP 401)
    ├── AccessError           a key of another space, or of too narrow a scope (403)
    ├── RequestError          not JSON, an unknown route or argument (400, 404, 405)
    └── LimitError            a body, batch or text over the service's limits (413)

"""

from __future__ import annotations

from pathlib import Path

from elfgraph.faces import Face, render


class ElfgraphError(Exception):
    """Base of every error elfgraph raises on purpose.

    The recovery is written once, with elfgraph.faces markers where it names an
    operation, an argument or a setting; `recovery` spells them for the face showing the
    error (the library's methods by default; the CLI's commands or the MCP server's tools
    when one of those declared itself with `use_face`). The message says what is wrong in
    words that fit every face, and may quote the caller's input, so it is never rendered."""

    def __init__(self, message: str, *, recovery: str) -> None:
        super().__init__(message)
        self.message = message
        self.recovery_template = recovery

    @property
    def recovery(self) -> str:
        return render(self.recovery_template)

    def describe(self, face: Face | None = None) -> str:
        """One line: the message and the recovery, for `face` (default: the current)."""
        return f"{self.message} — Recovery: {render(self.recovery_template, face)}"

    def __str__(self) -> str:
        return self.describe()

    def to_dict(self, face: Face | None = None) -> dict[str, str]:
        return {
            "error": type(self).__name__,
            "message": self.message,
            "recovery": render(self.recovery_template, face),
        }


class ConfigError(ElfgraphError):
    """A setting, argument or name is not acceptable."""


class SessionError(ElfgraphError):
    """A session cannot be begun or used as asked (e.g. a bad task type)."""


class LearnError(ElfgraphError):
    """learn() was given content, tags or a category it cannot store."""


class FrameError(ElfgraphError):
    """frame() or recall() was asked for a frame that does not exist, or a bad query."""


class OutcomeError(ElfgraphError):
    """outcome() was given a signal, weight or block id list it cannot use."""


class ConnectError(ElfgraphError):
    """connect(), disconnect() or connects() cannot do what was asked."""


class SelfLoopError(ConnectError):
    """source and target are the same block: an edge needs two."""

    def __init__(self, block_id: str) -> None:
        self.block_id = block_id
        super().__init__(
            f"Cannot connect block {block_id} to itself.",
            recovery="Pass two different block ids as source and target.",
        )


class BlockNotActiveError(ConnectError):
    """A block id is unknown in this space, still in the inbox, or archived."""

    def __init__(self, block_id: str, status: str | None) -> None:
        self.block_id = block_id
        self.status = status
        where = "is not in this space" if status is None else f"is {status}, not active"
        if status == "inbox":
            recovery = "Only active blocks can be connected: call {op:dream} first to file it."
        elif status is None:
            recovery = "Check the id: use {ids}."
        else:
            recovery = (
                "Only active blocks can be connected: use {ids}; learn archived content "
                "again to bring it back."
            )
        super().__init__(f"Block {block_id} {where}.", recovery=recovery)


class DegreeLimitError(ConnectError):
    """A block has `edge_degree_cap` edges and none of them may be displaced."""

    def __init__(self, block_id: str, cap: int) -> None:
        self.block_id = block_id
        self.cap = cap
        super().__init__(
            f"Block {block_id} already has {cap} edges and all of them are protected "
            "(agent-made, or supports / elaborates / contradicts / outcome).",
            recovery="{op:disconnect} one of its edges, run {op:curate} to prune stale ones, "
            "or raise {setting:edges.edge_degree_cap}.",
        )


class ForgetError(ElfgraphError):
    """forget() or forget_matching() was given ids, a text, a reason or a limit it cannot
    use; an unknown id or an ambiguous prefix among them. Nothing was forgotten."""


class CorrectError(ElfgraphError):
    """correct() cannot replace the block as asked: an unknown or archived block, a new text
    it cannot store, the same text, or a text another active block already holds."""


class StorageError(ElfgraphError):
    """Neo4j could not do what was asked (unreachable, refused, schema or lock mismatch)."""


class CurateError(ElfgraphError):
    """A curate run lost the space's curate lock (its lease ran out and another run took
    it) and stopped; what it had done is consistent, and the next run finishes the job."""


class DreamError(ElfgraphError):
    """A dream lost its space's lease (it ran out and another dream took it) and stopped;
    what it had written is consistent, and the next dream files the rest."""


class Neo4jServerError(ElfgraphError):
    """The local Neo4j server could not be assembled, started, queried or stopped."""


class CypherFileError(ElfgraphError):
    """A Cypher file breaks the header contract; names the file and the line."""

    def __init__(self, path: Path, line: int, problem: str) -> None:
        self.path = path
        self.line = line
        self.problem = problem
        super().__init__(
            f"{path}:{line}: {problem}",
            recovery="Fix the file's '//' header (name, mode, returns, params, description) "
            "so it matches the query body; see 'Cypher files' in docs/ARCHITECTURE.md.",
        )


class ImportFileError(ElfgraphError):
    """A file given to `import_space` (or an elfmem database given to `import_elfmem`) is
    truncated, corrupted, of a newer format version or inconsistent. Names the source and
    the line (or row); nothing of it was imported."""

    def __init__(
        self, source: str, line: int | None, problem: str, *, recovery: str | None = None
    ) -> None:
        self.source = source
        self.line = line
        self.problem = problem
        where = f"{source}:{line}" if line is not None else source
        super().__init__(
            f"{where}: {problem}",
            recovery=recovery
            or "Nothing was imported. Export the space again (a file is complete only when its "
            "last line is the 'end' record), or fix the line named; the format is in "
            "docs/PORTABILITY.md.",
        )


class ServiceError(ElfgraphError):
    """The service (`elfgraph serve`) could not be reached, did not answer in time, or
    refused the request; the subclasses say why it refused."""


class AuthError(ServiceError):
    """No key, or one the service does not know (unknown, wrong or revoked)."""


class AccessError(ServiceError):
    """A valid key, of another space or of a scope too narrow for the operation. Says
    nothing about whether another space exists."""


class RequestError(ServiceError):
    """The request itself is malformed: not JSON, not an object, an unknown route, method
    or argument."""

    def __init__(self, message: str, *, recovery: str, status: int = 400) -> None:
        super().__init__(message, recovery=recovery)
        self.status = status


class LimitError(ServiceError):
    """A request over one of the service's limits (its body, a batch, a text): refused
    before anything was written."""
