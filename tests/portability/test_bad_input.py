"""A truncated, corrupted or future-version file stops the import with an error naming the
line, and leaves nothing behind: no space, no nodes, no claim, whether the error comes
before any batch was written, between batches, or at the end record."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from elfgraph.errors import ImportFileError
from elfgraph.portability import staging
from elfgraph.portability.importing import import_space
from elfgraph.store.database import Database
from tests.support.portability import NOTHING, graph_of, lines, staging_left, traces
from tests.support.rich_space import RichSpace

pytestmark = pytest.mark.anyio

Corrupt = Callable[[list[str]], tuple[bytes, int | None]]


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two blocks per transaction: a bad block line comes after batches were written."""
    monkeypatch.setitem(staging.BATCH, "block", 2)
    monkeypatch.setitem(staging.BATCH, "edge", 2)


def where(text: list[str], kind: str, nth: int = 0) -> int:
    """The 0-based index of the nth line of a kind (-1: the last)."""
    found = [i for i, line in enumerate(text) if json.loads(line)["record"] == kind]
    return found[nth]


def joined(text: list[str]) -> bytes:
    return ("\n".join(text) + "\n").encode("utf-8")


def truncated_mid_block(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "block", 5)
    return joined(text[:i]) + text[i][: len(text[i]) // 2].encode(), i + 1


def truncated_after_the_edges(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "edge", -1)
    return joined(text[: i + 1]), i + 1


def a_changed_character(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "block", 3)
    text = [*text]
    text[i] = text[i].replace('"content":"', '"content":"X', 1)
    return joined(text), len(text)  # only the checksum of the end record sees it


def broken_json_in_an_edge(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "edge", 2)
    return joined([*text[:i], text[i][:-1] + ",}", *text[i + 1 :]]), i + 1


def a_future_version(text: list[str]) -> tuple[bytes, int | None]:
    header = json.loads(text[0]) | {"version": 2}
    return joined([json.dumps(header), *text[1:]]), 1


def a_repeated_block(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "block", 4)
    return joined([*text[: i + 1], text[i], *text[i + 1 :]]), i + 2


def an_edge_to_a_block_not_in_the_file(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "edge", -1)
    edge = json.loads(text[i]) | {"b": "~missing"}
    return joined([*text[:i], json.dumps(edge), *text[i + 1 :]]), i + 1


def a_confidence_out_of_range(text: list[str]) -> tuple[bytes, int | None]:
    i = where(text, "block", 6)
    block = json.loads(text[i]) | {"confidence": 1.5}
    return joined([*text[:i], json.dumps(block), *text[i + 1 :]]), i + 1


def an_embedding_of_another_size(text: list[str]) -> tuple[bytes, int | None]:
    i = next(
        k for k in range(len(text)) if '"embedding"' in text[k] and k > where(text, "block", 3)
    )
    block = json.loads(text[i])
    short = base64.b64encode(bytes(4 * 8)).decode()
    block["embedding"] = {"dtype": "float32", "base64": short}
    return joined([*text[:i], json.dumps(block), *text[i + 1 :]]), i + 1


def text_after_the_end(text: list[str]) -> tuple[bytes, int | None]:
    return joined([*text, text[2]]), len(text) + 1


def an_empty_file(text: list[str]) -> tuple[bytes, int | None]:
    return b"", None


def no_space_record(text: list[str]) -> tuple[bytes, int | None]:
    return joined([text[0], *text[2:]]), 2


CORRUPTIONS = [
    truncated_mid_block,
    truncated_after_the_edges,
    a_changed_character,
    broken_json_in_an_edge,
    a_future_version,
    a_repeated_block,
    an_edge_to_a_block_not_in_the_file,
    a_confidence_out_of_range,
    an_embedding_of_another_size,
    text_after_the_end,
    an_empty_file,
    no_space_record,
]


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda c: c.__name__)
async def test_a_bad_file_names_its_line_and_leaves_nothing(
    rich: RichSpace,
    exported: Path,
    database: Database,
    other_space: str,
    tmp_path: Path,
    corrupt: Corrupt,
) -> None:
    data, line = corrupt(lines(exported))
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(data)
    with pytest.raises(ImportFileError) as raised:
        await import_space(database, bad, space=other_space)
    assert raised.value.line == line
    assert str(bad) in raised.value.message
    assert raised.value.recovery
    assert await traces(database, other_space) == NOTHING


async def test_the_error_says_what_is_wrong(
    rich: RichSpace, exported: Path, database: Database, other_space: str, tmp_path: Path
) -> None:
    expected = {
        a_future_version: "format version 2 is newer than this elfgraph reads",
        truncated_after_the_edges: "without its end record: it is truncated",
        a_changed_character: "checksum",
        a_repeated_block: "a second block",
        an_edge_to_a_block_not_in_the_file: "joins a block that is not in the file",
        a_confidence_out_of_range: "confidence",
    }
    for corrupt, words in expected.items():
        bad = tmp_path / f"{corrupt.__name__}.jsonl"
        bad.write_bytes(corrupt(lines(exported))[0])
        with pytest.raises(ImportFileError, match=words):
            await import_space(database, bad, space=other_space)
    bad = tmp_path / "future.jsonl"
    bad.write_bytes(a_future_version(lines(exported))[0])
    with pytest.raises(ImportFileError) as raised:
        await import_space(database, bad, space=other_space)
    assert "Upgrade elfgraph" in raised.value.recovery


@pytest.mark.parametrize(
    "corrupt", [truncated_after_the_edges, a_changed_character, a_repeated_block]
)
async def test_a_bad_file_leaves_a_space_it_would_merge_into_as_it_was(
    rich: RichSpace,
    exported: Path,
    database: Database,
    space: str,
    tmp_path: Path,
    corrupt: Corrupt,
) -> None:
    before = await graph_of(database, space)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(corrupt(lines(exported))[0])
    with pytest.raises(ImportFileError):
        await import_space(database, bad, space=space, merge=True)
    assert await graph_of(database, space) == before
    assert await staging_left(database) == 0
    assert (await traces(database, space))["claims"] == 0
