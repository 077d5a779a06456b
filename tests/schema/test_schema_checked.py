"""Schema checks remembered per run of the local server (elfgraph/schema/checked.py): a
second command skips the migrations read and SHOW INDEXES; a restart or a changed
migration file checks again; other servers are always checked."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from elfgraph.config.connection import Connection, Settings
from elfgraph.schema.checked import FILE_NAME, is_checked, remember_checked
from elfgraph.schema.migrations import migrations_checksum, open_database


def local(home: Path, run: str = "42@t0", database: str = "neo4j") -> Connection:
    return Connection(
        uri="bolt://127.0.0.1:1",
        username="neo4j",
        password=None,
        database=database,
        source="local-server",
        home=str(home),
        server_run=run,
    )


def test_a_passed_check_holds_for_one_server_run_and_one_value(tmp_path: Path) -> None:
    connection = local(tmp_path)
    assert not is_checked(connection, "migrations", "abc")
    remember_checked(connection, "migrations", "abc")
    remember_checked(connection, "block_embedding", "384")
    assert is_checked(connection, "migrations", "abc")
    assert is_checked(connection, "block_embedding", "384")
    assert not is_checked(connection, "migrations", "changed files")
    assert not is_checked(connection, "block_embedding", "768")
    assert not is_checked(local(tmp_path, run="43@t1"), "migrations", "abc")  # restarted
    assert not is_checked(local(tmp_path, database="other"), "migrations", "abc")


def test_other_servers_are_never_remembered(tmp_path: Path) -> None:
    remote = Connection(
        uri="bolt://db.example:7687",
        username="neo4j",
        password=None,
        database="neo4j",
        source="environment",
        home=str(tmp_path),
    )
    remember_checked(remote, "migrations", "abc")
    assert not is_checked(remote, "migrations", "abc")
    assert not (tmp_path / FILE_NAME).exists()


def test_a_broken_file_only_means_checking_again(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("{not json", encoding="utf-8")
    assert not is_checked(local(tmp_path), "migrations", "abc")
    remember_checked(local(tmp_path), "migrations", "abc")
    assert is_checked(local(tmp_path), "migrations", "abc")


@pytest.mark.anyio
async def test_a_second_open_skips_the_schema_reads(
    neo4j_settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    connection = neo4j_settings.connection()
    if connection.source != "local-server":
        pytest.skip("remembered for the local server only")
    async with await open_database(neo4j_settings):
        pass  # checks (or finds them checked already) and remembers
    assert is_checked(connection, "migrations", migrations_checksum())
    with caplog.at_level(logging.DEBUG, logger="elfgraph.store"):
        async with await open_database(neo4j_settings):
            pass
    assert "applied_migrations" not in caplog.text
