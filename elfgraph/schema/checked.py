"""Schema checks a local server has passed, remembered until it restarts.

Every command of the CLI opens the database, and opening checks the schema: the applied
migrations (one read) and the shared vector index (SHOW INDEXES). Against the local server
of `elfgraph neo4j start`, a check that passed is kept in `<home>/schema-checked.json`
with the server's run (pid and start time) and what was checked (the migrations'
checksum, the vector index's dimension); the next process skips it while the same run
serves and the files are unchanged. Other servers are checked every time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from elfgraph.config.connection import Connection

FILE_NAME = "schema-checked.json"


def _file(connection: Connection) -> Path | None:
    if connection.source != "local-server" or not connection.home or not connection.server_run:
        return None
    return Path(connection.home) / FILE_NAME


def _read(path: Path) -> dict[str, str]:
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def is_checked(connection: Connection, what: str, value: str) -> bool:
    """True when this server run already passed the check `what` for `value`."""
    path = _file(connection)
    if path is None:
        return False
    found = _read(path)
    return (
        found.get("server_run") == connection.server_run
        and found.get("database") == connection.database
        and found.get(what) == value
    )


def remember_checked(connection: Connection, what: str, value: str) -> None:
    """Record that this server run passed `what` for `value` (best effort: a file that
    cannot be written only means the next process checks again)."""
    path = _file(connection)
    if path is None:
        return
    found = _read(path)
    if found.get("server_run") != connection.server_run or found.get("database") != (
        connection.database
    ):
        found = {}
    found |= {
        "server_run": str(connection.server_run),
        "database": connection.database,
        what: value,
    }
    _write(path, found)


def forget_checked(connection: Connection, what: str) -> None:
    """Forget a passed check (the thing checked was dropped): the next process checks again."""
    path = _file(connection)
    if path is None:
        return
    found = _read(path)
    if what not in found:
        return
    found.pop(what)
    if not _write(path, found):
        path.unlink(missing_ok=True)  # better no record than a wrong one


def _write(path: Path, found: dict[str, str]) -> bool:
    """Replace the file at once (a reader never sees half of it); False if it could not."""
    partial = path.with_suffix(f".{os.getpid()}.partial")
    try:
        partial.write_text(json.dumps(found, indent=2), encoding="utf-8")
        partial.replace(path)
    except OSError:
        partial.unlink(missing_ok=True)
        return False
    return True
