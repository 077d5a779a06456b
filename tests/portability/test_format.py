"""The export format without a database: embeddings bit for bit, the records' rules, and
every check the reader makes (docs/PORTABILITY.md)."""

from __future__ import annotations

import io
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from elfgraph.errors import ImportFileError
from elfgraph.portability.reader import FileReader
from elfgraph.portability.records import BlockLine, EdgeLine, HeaderLine, SpaceLine
from elfgraph.portability.vectors import decode_vector, encode_vector, vector_length
from elfgraph.portability.writer import LineWriter

LIMITS = {"block": 2, "edge": 2, "session": 2, "outcome": 2, "co_retrieval": 2}


@given(st.lists(st.floats(width=32, allow_nan=False, allow_infinity=False), min_size=1))
def test_float32_vectors_come_back_bit_for_bit_as_float32(values: list[float]) -> None:
    encoded = encode_vector(values)
    assert encoded.dtype == "float32"
    assert decode_vector(encoded) == values
    assert vector_length(encoded) == len(values)


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1))
def test_any_vector_comes_back_bit_for_bit(values: list[float]) -> None:
    encoded = encode_vector(values)
    assert decode_vector(encoded) == values
    assert vector_length(encoded) == len(values)


def test_a_384_dimension_embedding_takes_2_kb() -> None:
    vector = np.random.default_rng(1).standard_normal(384).astype(np.float32)
    encoded = encode_vector(vector.astype(np.float64).tolist())
    assert len(encoded.base64) == 2048
    assert len(json.dumps(vector.astype(np.float64).tolist())) > 3 * 2048


def test_bad_vectors_are_refused() -> None:
    from elfgraph.portability.vectors import EncodedVector

    for text, words in [("@@@@", "base64"), ("AAAA", "whole number"), ("AADAfw==", "finite")]:
        with pytest.raises(ValueError, match=words):
            decode_vector(EncodedVector(dtype="float32", base64=text))


def block(**fields: Any) -> dict[str, Any]:
    return {"record": "block", "id": "00aa", "content": "x", "status": "active", **fields}


def test_records_keep_types_and_carry_properties_they_do_not_name() -> None:
    line = BlockLine.model_validate(block(confidence=1, last_reinforced_at=2.0, note_v2=["a"]))
    assert line.properties() == {
        "content": "x",
        "status": "active",
        "confidence": 1,
        "last_reinforced_at": 2.0,
        "note_v2": ["a"],
    }
    assert isinstance(line.properties()["confidence"], int)


@pytest.mark.parametrize(
    "fields",
    [
        {"confidence": 1.5},
        {"confidence": True},
        {"confidence": float("nan")},
        {"status": "deleted"},
        {"labels": ["Admin"]},
        {"space": "elsewhere"},
        {"Bad-Name": 1},
        {"_lock": True},
        {"nested": {"a": 1}},
        {"mixed": [1, "a"]},
        {"id": "has space"},
        {"id": ""},
    ],
)
def test_a_block_breaking_a_rule_is_refused(fields: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        BlockLine.model_validate(block(**fields))


@pytest.mark.parametrize(
    "fields",
    [
        {"a": "b2", "b": "a1"},
        {"relation": "Depends On", "type": "DEPENDS ON"},
        {"relation": "supports", "type": "SIMILAR"},
        {"weight": 1.2},
    ],
)
def test_an_edge_breaking_a_rule_is_refused(fields: dict[str, Any]) -> None:
    edge = {"record": "edge", "a": "a1", "b": "b2", "type": "SUPPORTS", "relation": "supports"}
    with pytest.raises(ValidationError):
        EdgeLine.model_validate({**edge, "weight": 0.5, **fields})


def test_a_space_lock_is_whole() -> None:
    with pytest.raises(ValidationError, match="go together"):
        SpaceLine.model_validate({"record": "space", "embedding_model": "m"})
    with pytest.raises(ValidationError):
        SpaceLine.model_validate({"record": "space", "curate_lock_owner": "someone"})


def export_bytes(*records: dict[str, Any], lock: int | None = None) -> bytes:
    stream = io.BytesIO()
    writer = LineWriter(stream)
    writer.write(
        HeaderLine(
            record="header",
            format="elfgraph-space",
            version=1,
            elfgraph_version="test",
            exported_at="2026-01-01T00:00:00+00:00",
            space="s",
        )
    )
    space: dict[str, Any] = {"record": "space", "total_active_hours": 3.5}
    if lock:
        space |= {"embedding_model": "m", "embedding_dimensions": lock}
    writer.write(SpaceLine.model_validate(space))
    for record in records:
        model = BlockLine if record["record"] == "block" else EdgeLine
        writer.write(model.model_validate(record))
    writer.finish()
    return stream.getvalue()


def read_all(data: bytes) -> list[tuple[int, str]]:
    reader = FileReader(io.BytesIO(data), "f.jsonl")
    reader.open()
    found: list[tuple[int, str]] = []
    while (batch := reader.batch(LIMITS)) is not None:
        found += [(line, record.kind) for line, record in batch[1]]
    return found


def edge(a: str, b: str) -> dict[str, Any]:
    return {
        "record": "edge",
        "a": a,
        "b": b,
        "type": "SIMILAR",
        "relation": "similar",
        "weight": 0.7,
    }


def test_a_written_file_reads_back_in_batches_of_one_kind() -> None:
    data = export_bytes(block(id="a1"), block(id="b2"), block(id="c3"), edge("a1", "b2"))
    assert read_all(data) == [(3, "block"), (4, "block"), (5, "block"), (6, "edge")]
    reader = FileReader(io.BytesIO(data), "f.jsonl")
    reader.open()
    kinds = []
    while (batch := reader.batch(LIMITS)) is not None:
        kinds.append((batch[0], len(batch[1])))
    assert kinds == [("block", 2), ("block", 1), ("edge", 1)]


def test_the_writer_puts_the_key_first_and_sorts_the_rest() -> None:
    data = export_bytes(block(id="a1", tags=["t"], category="c"))
    text = data.decode().splitlines()[2]
    assert text == '{"record":"block","id":"a1","category":"c","content":"x","status":"active",' + (
        '"tags":["t"]}'
    )


def raises_at(data: bytes, line: int | None, words: str) -> None:
    with pytest.raises(ImportFileError, match=words) as raised:
        read_all(data)
    assert raised.value.line == line


def replace_line(data: bytes, number: int, text: str) -> bytes:
    lines = data.decode().splitlines()
    lines[number - 1] = text
    return ("\n".join(lines) + "\n").encode()


def test_the_reader_names_the_line_of_each_problem() -> None:
    good = export_bytes(block(id="a1"), block(id="b2"), edge("a1", "b2"))
    raises_at(b"", None, "empty")
    raises_at(good[: good.index(b"\n") // 2], 1, "not valid JSON")
    raises_at(replace_line(good, 1, '{"record":"header","format":"other"}'), 1, "header")
    future = json.loads(good.decode().splitlines()[0]) | {"version": 7}
    raises_at(replace_line(good, 1, json.dumps(future)), 1, "version 7 is newer")
    raises_at(replace_line(good, 2, json.dumps(block(id="a1"))), 2, "not the space record")
    raises_at(replace_line(good, 3, json.dumps(block(id="b2"))), 4, "a second block b2")
    raises_at(replace_line(good, 4, json.dumps(block(id="a0"))), 4, "out of order")
    raises_at(replace_line(good, 4, json.dumps(edge("a1", "b2"))), 5, "out of order|a second")
    two_edges = export_bytes(block(id="a1"), block(id="b2"), edge("a1", "b2"), edge("a1", "c3"))
    raises_at(replace_line(two_edges, 6, json.dumps(block(id="c3"))), 6, "out of order")
    raises_at(replace_line(good, 3, "[1, 2]"), 3, "JSON object")
    raises_at(replace_line(good, 3, json.dumps(block(id="a1", status="gone"))), 3, "status")
    raises_at(good.rsplit(b"\n", 2)[0] + b"\n", 5, "truncated")
    tampered = good.replace(b'"content":"x"', b'"content":"y"', 1)
    raises_at(tampered, 6, "checksum")
    end = json.loads(good.decode().splitlines()[-1])
    end["counts"]["block"] = 3
    del end["sha256"]
    raises_at(replace_line(good, 6, json.dumps(end)), 6, "counts")
    raises_at(good + b'{"record":"block"}\n', 7, "more text after the end")
    raw = good.split(b"\n")
    raises_at(b"\n".join([*raw[:2], b'{"record": "\xff"}', *raw[3:]]), 3, "UTF-8")


def test_an_end_record_without_a_checksum_is_accepted() -> None:
    good = export_bytes(block(id="a1"))
    end = json.loads(good.decode().splitlines()[-1])
    del end["sha256"]
    edited = replace_line(good, 4, json.dumps(end)).replace(b'"content":"x"', b'"content":"z"')
    assert read_all(edited) == [(3, "block")]


def test_embeddings_must_fit_the_space_lock() -> None:
    vector = encode_vector([0.25] * 4).model_dump()
    raises_at(export_bytes(block(id="a1", embedding=vector)), 3, "no model lock")
    raises_at(export_bytes(block(id="a1", embedding=vector), lock=8), 3, "4-dimension")
    assert read_all(export_bytes(block(id="a1", embedding=vector), lock=4)) == [(3, "block")]
