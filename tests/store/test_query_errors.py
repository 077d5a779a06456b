"""Queries that explain themselves: a query runs only in a transaction of its declared
mode, and a failing query's StorageError names its file and parameters, not their values."""

from __future__ import annotations

from pathlib import Path

import pytest

from elfgraph.errors import StorageError
from elfgraph.store import cypher, transaction
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction, run_none, run_one

pytestmark = pytest.mark.anyio

SECRET = "user text that must never reach a message"

QUERIES = {
    "mislabelled_write": """// name: mislabelled_write
// mode: read
// returns: none
// params: space, secret
// Declared a read, but it writes: the server must refuse it in a read transaction.
MERGE (s:Space {name: $space}) SET s.note = $secret
""",
    "plain_read": """// name: plain_read
// mode: read
// returns: one
// params: space
// A read that a write transaction must not run.
MATCH (s:Space {name: $space}) RETURN s.name AS name
""",
    "broken_on_purpose": """// name: broken_on_purpose
// mode: read
// returns: one
// params: space, secret
// Adds a list to a string: fails at run time with a type error.
RETURN $secret + $space + [1, 2] + date($secret) AS nonsense
""",
}


@pytest.fixture
def extra_queries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Serve the queries above beside the package's own, as if they were files of it."""
    folder = tmp_path / "testing"
    folder.mkdir()
    for name, text in QUERIES.items():
        (folder / f"{name}.cypher").write_text(text, encoding="utf-8")
    extra = cypher.load_queries(tmp_path)

    def lookup(name: str) -> cypher.CypherQuery:
        return extra[name] if name in extra else cypher.query(name)

    monkeypatch.setattr(transaction, "query", lookup)
    return folder


async def test_a_write_declared_read_runs_in_a_read_transaction_and_fails_clearly(
    database: Database, space: str, extra_queries: Path
) -> None:
    async def work(tx: Transaction) -> None:
        await run_none(tx, "mislabelled_write", space=space, secret=SECRET)

    with pytest.raises(StorageError) as caught:
        await database.read(work)
    message = caught.value.message
    assert "mislabelled_write.cypher" in message
    assert "mode: read" in message
    assert "read transaction" in message
    assert SECRET not in str(caught.value)


async def test_a_read_query_refuses_a_write_transaction(
    database: Database, space: str, extra_queries: Path
) -> None:
    async def work(tx: Transaction) -> object:
        return await run_one(tx, "plain_read", space=space)

    with pytest.raises(StorageError) as caught:
        await database.write(work)
    assert "plain_read.cypher" in caught.value.message
    assert "'mode: read'" in caught.value.message
    assert "write transaction" in caught.value.message


async def test_a_failing_query_names_its_file_and_parameters_never_their_values(
    database: Database, space: str, extra_queries: Path
) -> None:
    async def work(tx: Transaction) -> object:
        return await run_one(tx, "broken_on_purpose", space=space, secret=SECRET)

    with pytest.raises(StorageError) as caught:
        await database.read(work)
    error = caught.value
    assert "broken_on_purpose.cypher" in error.message
    assert "params: space, secret" in error.message
    assert SECRET not in str(error)
    assert space not in str(error)
    assert error.__cause__ is not None
