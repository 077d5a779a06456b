"""Quiet parameters: the driver's eager debug formatting is skipped, the values are not."""

from __future__ import annotations

from typing import Any

import pytest

from elfgraph.store.database import Database
from elfgraph.store.quiet import QuietDict, QuietList, quiet
from tests.support.graph import graph


def test_quiet_wraps_lists_and_maps_with_a_short_repr_and_equal_values() -> None:
    rows = [{"id": str(i), "vector": [0.25] * 384} for i in range(1_000)]
    params: dict[str, Any] = {"rows": rows, "props": {"a": 1}, "k": 10, "space": "s"}
    wrapped = quiet(params)
    assert isinstance(wrapped["rows"], QuietList)
    assert isinstance(wrapped["props"], QuietDict)
    assert wrapped == params  # same values: only the repr differs
    assert repr(wrapped) == "{'rows': <list of 1000>, 'props': <map of 1>, 'k': 10, 'space': 's'}"
    assert wrapped["k"] is params["k"]


@pytest.mark.anyio
async def test_the_server_receives_quiet_parameters_unchanged(database: Database) -> None:
    rows = [{"id": f"b{i}", "vector": [i / 7, -1.5, 2.0], "tags": ["x", "y"]} for i in range(300)]
    found = await graph(
        database,
        "UNWIND $rows AS row RETURN row.id AS id, row.vector AS vector, row.tags AS tags, "
        "$props.name AS name ORDER BY row.id",
        **quiet({"rows": rows, "props": {"name": "n"}}),
    )
    assert [dict(r) for r in found] == sorted(
        ({**row, "name": "n"} for row in rows), key=lambda r: r["id"]
    )
