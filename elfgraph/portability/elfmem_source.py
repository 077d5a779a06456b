"""Reading an elfmem SQLite database, read-only, with the standard library's sqlite3.

elfgraph does not depend on elfmem: this module knows its schema (elfmem 0.20, schema
version 9) as tables and columns, and asks SQLite for each kind of record already in the
order the export format wants, one row at a time, so memory stays flat. A column that an
older elfmem did not have reads as NULL; tables and columns it does not know are reported
by the mapping (elfmem_mapping.py), never dropped silently.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

from elfgraph.errors import ImportFileError

REQUIRED = ("blocks", "system_config")
EDGE_COLUMNS = ("relation_type", "origin", "last_active_hours", "note", "declared_by")
CONTRADICTION_COLUMNS = ("kind",)


class ElfmemDatabase:
    """An open elfmem database and what its schema holds."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if not Path(path).is_file():
            raise ImportFileError(self.path, None, "there is no such file")
        uri = f"file:{quote(str(Path(path).resolve()))}?mode=ro"
        try:
            self.connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
            self.connection.row_factory = sqlite3.Row
            self.tables = {
                str(r[0])
                for r in self.connection.execute(
                    "SELECT name FROM sqlite_master WHERE type='table'"
                )
            }
        except sqlite3.DatabaseError as exc:
            raise ImportFileError(self.path, None, f"not an SQLite database ({exc})") from exc
        missing = [t for t in REQUIRED if t not in self.tables]
        if missing:
            raise ImportFileError(
                self.path,
                None,
                f"not an elfmem database: no {', '.join(missing)} table",
                recovery="Give the path of an elfmem database file (elfmem's default is "
                "~/.elfmem/memory.db, or the db_path your agent passes to from_config).",
            )
        self.config = {
            str(r["key"]): str(r["value"])
            for r in self.connection.execute("SELECT key, value FROM system_config")
        }

    def close(self) -> None:
        self.connection.close()

    def columns(self, table: str) -> set[str]:
        if table not in self.tables:
            return set()
        return {str(r["name"]) for r in self.connection.execute(f"PRAGMA table_info({table})")}

    def rows(self, sql: str, *params: object) -> Iterator[sqlite3.Row]:
        """The rows of a query, a few hundred at a time."""
        try:
            cursor = self.connection.execute(sql, params)
            while batch := cursor.fetchmany(500):
                yield from batch  # a list: closing this generator early touches no cursor
        except sqlite3.DatabaseError as exc:
            raise ImportFileError(self.path, None, f"SQLite could not read it ({exc})") from exc

    def count(self, table: str, where: str = "1") -> int:
        if table not in self.tables:
            return 0
        return int(next(self.rows(f"SELECT count(*) FROM {table} WHERE {where}"))[0])  # noqa: S608

    # ---- each kind of record, in the export format's order ----------------------------

    def blocks(self) -> Iterator[sqlite3.Row]:
        """Every block by id, with its rowid (learning order)."""
        return self.rows("SELECT rowid AS _rowid, * FROM blocks ORDER BY id")

    def tags(self) -> Iterator[sqlite3.Row]:
        """Every tag by block id, in the order they were added."""
        if "block_tags" not in self.tables:
            return iter(())
        return self.rows("SELECT block_id, tag FROM block_tags ORDER BY block_id, rowid")

    def _mapped_block(self, alias: str, dimensions: int | None) -> str:
        """SQL for 'this block becomes an active elfgraph block': active, with an embedding
        of the target's size when embeddings are reused (else nothing stays active)."""
        if dimensions is None:
            return "0"
        return (
            f"({alias}.status = 'active' AND {alias}.embedding IS NOT NULL "
            f"AND length({alias}.embedding) = {4 * dimensions:d})"
        )

    def edges(self, dimensions: int | None) -> Iterator[sqlite3.Row]:
        """Edges and contradictions by (smaller id, larger id), an edge before a
        contradiction of the same pair, with whether both ends stay active."""
        have = self.columns("edges")
        if not have:
            return iter(())
        picked = ", ".join(f"e.{c}" if c in have else f"NULL AS {c}" for c in EDGE_COLUMNS)
        # SQL from this module's own column names and the file's column list only.
        parts = [
            f"SELECT min(e.from_id, e.to_id) AS a, max(e.from_id, e.to_id) AS b, 'edge' AS kind, "  # noqa: S608
            f"e.weight, e.reinforcement_count, e.created_at, {picked}, 0 AS resolved FROM edges e"
        ]
        if "contradictions" in self.tables:
            kind = "c.kind" if "kind" in self.columns("contradictions") else "'contradiction'"
            parts.append(
                "SELECT min(c.block_a_id, c.block_b_id), max(c.block_a_id, c.block_b_id), "  # noqa: S608
                f"{kind}, c.score, 0, c.created_at, 'contradicts', 'contradiction', NULL, NULL, "
                "NULL, c.resolved FROM contradictions c"
            )
        union = " UNION ALL ".join(parts)
        both = f"{self._mapped_block('ba', dimensions)} AND {self._mapped_block('bb', dimensions)}"
        sql = (
            f"SELECT u.*, {both} AS mapped FROM ({union}) u "  # noqa: S608
            "LEFT JOIN blocks ba ON ba.id = u.a LEFT JOIN blocks bb ON bb.id = u.b "
            "ORDER BY u.a, u.b, u.kind = 'edge' DESC"
        )
        return self.rows(sql)

    def sessions(self) -> Iterator[sqlite3.Row]:
        """Sessions by id, each with the clock at which the next one began (its own end,
        when sessions did not overlap)."""
        if "sessions" not in self.tables:
            return iter(())
        return self.rows(
            "SELECT s.*, lead(s.start_active_hours) OVER "
            "(ORDER BY s.start_active_hours, s.started_at) AS next_start "
            "FROM sessions s ORDER BY s.id"
        )

    def outcomes(self) -> Iterator[sqlite3.Row]:
        if "block_outcomes" not in self.tables:
            return iter(())
        return self.rows("SELECT * FROM block_outcomes ORDER BY id")

    def co_retrievals(self, dimensions: int | None) -> Iterator[sqlite3.Row]:
        """Staged pairs by (a, b), with whether both ends stay active."""
        if "co_retrieval_staging" not in self.tables:
            return iter(())
        both = f"{self._mapped_block('ba', dimensions)} AND {self._mapped_block('bb', dimensions)}"
        return self.rows(
            "SELECT min(c.from_id, c.to_id) AS a, max(c.from_id, c.to_id) AS b, c.count, "  # noqa: S608
            f"{both} AS mapped FROM co_retrieval_staging c "
            "LEFT JOIN blocks ba ON ba.id = min(c.from_id, c.to_id) "
            "LEFT JOIN blocks bb ON bb.id = max(c.from_id, c.to_id) ORDER BY a, b"
        )
