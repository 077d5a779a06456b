"""Schema migrations: `cypher/schema/migrations/NNNN_*.cypher`, applied in order, recorded
in the graph. An explicit step: `open_database` (what MemorySystem.open and the CLI use)
applies them when `ELFGRAPH_AUTO_MIGRATE` is on, `elfgraph db migrate` on demand.

Each file is one idempotent schema statement (`IF NOT EXISTS`), so re-running is harmless
and two processes migrating at once both succeed. A migration is recorded as a
`(:SchemaMigration {version, name, checksum, applied_at})` node after it ran.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import UTC, datetime

from elfgraph.config.connection import Settings, load_settings
from elfgraph.errors import CypherFileError, StorageError
from elfgraph.records import Record
from elfgraph.schema.checked import is_checked, remember_checked
from elfgraph.schema.models import AppliedMigration, IndexInfo
from elfgraph.schema.repository.applied_migrations import applied_migrations
from elfgraph.schema.repository.await_indexes import await_indexes
from elfgraph.schema.repository.list_indexes import list_indexes
from elfgraph.schema.repository.record_migration import record_migration
from elfgraph.store.cypher import CypherQuery, catalog
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction, run_none, run_scalar

_VERSIONED = re.compile(r"^(\d{4})_[a-z0-9_]+$")
INDEX_WAIT_SECONDS = 600  # a full-text index over a million blocks takes minutes


@dataclass(frozen=True)
class Migration:
    version: str
    query: CypherQuery

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.query.text.encode("utf-8")).hexdigest()[:16]


def schema_migrations() -> list[Migration]:
    """The migration files in version order; a misnamed or parameterised file is refused."""
    found: list[Migration] = []
    for query in catalog().values():
        if query.path.parent.name != "migrations":
            continue
        match = _VERSIONED.match(query.name)
        if not match:
            raise CypherFileError(query.path, 1, "a schema migration is named NNNN_words.cypher")
        if query.params or query.mode != "write" or query.returns not in ("none", "scalar"):
            raise CypherFileError(
                query.path,
                1,
                "a migration is 'mode: write', no params, and 'returns: none' (one schema "
                "or data statement) or 'returns: scalar' (a data batch, run until it returns 0)",
            )
        found.append(Migration(version=match.group(1), query=query))
    found.sort(key=lambda migration: migration.version)
    versions = [migration.version for migration in found]
    for version in versions:
        if versions.count(version) > 1:
            twice = [m.query.path for m in found if m.version == version]
            raise CypherFileError(twice[1], 1, f"migration version {version} is used twice")
    return found


async def _apply(tx: Transaction, migration: Migration) -> int:
    """Run one migration statement; for a data batch, how many nodes it changed."""
    if migration.query.returns == "scalar":
        return int(await run_scalar(tx, migration.query.name) or 0)
    await run_none(tx, migration.query.name)
    return 0


def migrations_checksum() -> str:
    """One checksum of every migration file: what a passed check is remembered by."""
    text = "".join(f"{m.version}:{m.checksum};" for m in schema_migrations())
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


async def open_database(settings: Settings | None = None) -> Database:
    """Connect, then apply pending migrations unless settings.auto_migrate is off (or
    this run of the local server already has them all: elfgraph.schema.checked)."""
    settings = settings or load_settings()
    database = await Database.connect(settings)
    if settings.auto_migrate:
        checksum = migrations_checksum()
        if is_checked(database.connection, "migrations", checksum):
            return database
        try:
            await migrate(database)
        except BaseException:
            await database.close()
            raise
        remember_checked(database.connection, "migrations", checksum)
    return database


async def migrate(database: Database) -> list[str]:
    """Apply the migrations not yet recorded; the names of those applied now."""
    done = {m.version for m in await database.read(applied_migrations)}
    applied: list[str] = []
    for migration in schema_migrations():
        if migration.version in done:
            continue
        # Schema statements cannot share a transaction with data writes: two transactions.
        try:
            while await database.write(_apply, migration):
                pass  # a data batch: again until nothing is left
        except StorageError as exc:
            # Another process created the same index between our check and our commit.
            code = getattr(exc.__cause__, "code", "") or ""
            if "AlreadyExists" not in code:
                raise
        await database.write(
            record_migration,
            version=migration.version,
            name=migration.query.name,
            checksum=migration.checksum,
            applied_at=datetime.now(UTC).isoformat(),
        )
        applied.append(migration.query.name)
    if applied:
        # A new index populates in the background; queries need it ONLINE.
        await database.read(await_indexes, seconds=INDEX_WAIT_SECONDS)
    return applied


class MigrationState(Record):
    version: str
    name: str
    applied_at: str | None
    state: str  # applied | pending | modified (file changed after it was applied)


class SchemaStatus(Record):
    uri: str
    database: str
    migrations: list[MigrationState]
    indexes: list[IndexInfo]

    @property
    def summary(self) -> str:
        pending = sum(1 for m in self.migrations if m.state == "pending")
        not_online = [i.name for i in self.indexes if i.state != "ONLINE"]
        parts = [
            f"{len(self.migrations) - pending}/{len(self.migrations)} migrations applied",
            f"{len(self.indexes)} indexes",
        ]
        if not_online:
            parts.append(f"not ONLINE: {', '.join(not_online)}")
        return f"Schema of {self.uri} ({self.database}): " + "; ".join(parts) + "."


async def schema_status(database: Database) -> SchemaStatus:
    applied: dict[str, AppliedMigration] = {
        m.version: m for m in await database.read(applied_migrations)
    }
    states: list[MigrationState] = []
    for migration in schema_migrations():
        record = applied.get(migration.version)
        if record is None:
            state = "pending"
        elif record.checksum != migration.checksum:
            state = "modified"
        else:
            state = "applied"
        states.append(
            MigrationState(
                version=migration.version,
                name=migration.query.name,
                applied_at=record.applied_at if record else None,
                state=state,
            )
        )
    indexes = await schema_indexes(database)
    return SchemaStatus(
        uri=database.uri, database=database.name, migrations=states, indexes=indexes
    )


async def schema_indexes(database: Database) -> list[IndexInfo]:
    """Every index of the database with its state (ONLINE, POPULATING, FAILED)."""
    return await database.read(list_indexes)
