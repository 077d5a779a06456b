"""Errors raised by elfgraph, each with a `.recovery` hint an agent or a person can act on.

    ElfgraphError                 base; str() ends with "— Recovery: …"
    ├── ConfigError               bad settings or arguments (space name, config values)
    ├── LearnError                content, tags or category that learn() cannot store
    ├── FrameError                an unknown frame name or an unusable query
    ├── OutcomeError              an outcome() signal, weight or id list out of range
    ├── StorageError              Neo4j unreachable, refused credentials, schema or lock mismatch
    ├── CurateError               a curate run lost its lock to another run midway
    ├── Neo4jServerError          the local Neo4j server could not be assembled, started or stopped
    └── CypherFileError           a query file under cypher/ breaks the header contract

Later operations add their own subclasses (SessionError, FrameError, ConnectError, …).
"""

from __future__ import annotations

from pathlib import Path


class ElfgraphError(Exception):
    """Base of every error elfgraph raises on purpose."""

    def __init__(self, message: str, *, recovery: str) -> None:
        super().__init__(message)
        self.message = message
        self.recovery = recovery

    def __str__(self) -> str:
        return f"{self.message} — Recovery: {self.recovery}"

    def to_dict(self) -> dict[str, str]:
        return {"error": type(self).__name__, "message": self.message, "recovery": self.recovery}


class ConfigError(ElfgraphError):
    """A setting, argument or name is not acceptable."""


class LearnError(ElfgraphError):
    """learn() was given content, tags or a category it cannot store."""


class FrameError(ElfgraphError):
    """frame() or recall() was asked for a frame that does not exist, or a bad query."""


class OutcomeError(ElfgraphError):
    """outcome() was given a signal, weight or block id list it cannot use."""


class StorageError(ElfgraphError):
    """Neo4j could not do what was asked (unreachable, refused, schema or lock mismatch)."""


class CurateError(ElfgraphError):
    """A curate run lost the space's curate lock (its lease ran out and another run took
    it) and stopped; what it had done is consistent, and the next run finishes the job."""


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
            "so it matches the query body; see docs/CYPHER.md.",
        )
