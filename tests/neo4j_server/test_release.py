"""Which Neo4j release an instance runs, and how: the main class, Java, the JVM flags."""

from __future__ import annotations

from pathlib import Path

import pytest

from elfgraph.errors import Neo4jServerError
from elfgraph.neo4j_server.release import (
    CALENDAR_ENTRY_POINT,
    CALENDAR_VERSION,
    DEFAULT_VERSION,
    FIVE_ENTRY_POINT,
    instance_release,
    release,
)


def test_526_runs_on_java_17_or_21_with_the_common_flags() -> None:
    five = release(DEFAULT_VERSION)
    assert (five.version, five.entry_point, five.java, five.jvm_flags) == (
        "5.26.30",
        FIVE_ENTRY_POINT,
        (17, 21),
        (),
    )


def test_a_calendar_release_runs_on_java_21_or_25_with_the_vector_module() -> None:
    calendar = release(f" {CALENDAR_VERSION} ")
    assert calendar.version == CALENDAR_VERSION
    assert calendar.entry_point == CALENDAR_ENTRY_POINT
    assert calendar.java == (21, 25)
    assert "--add-modules=jdk.incubator.vector" in calendar.jvm_flags
    assert release("2025.01.0").entry_point == CALENDAR_ENTRY_POINT


@pytest.mark.parametrize("version", ["5.25.1", "4.4.30", "2024.01.0", "2026.08", "latest", ""])
def test_a_release_elfgraph_cannot_run_is_refused_with_a_way_out(version: str) -> None:
    with pytest.raises(Neo4jServerError) as caught:
        release(version)
    assert repr(version) in caught.value.message
    assert DEFAULT_VERSION in caught.value.recovery
    assert CALENDAR_VERSION in caught.value.recovery


def test_a_new_instance_runs_the_release_asked_for(tmp_path: Path) -> None:
    assert instance_release(tmp_path, None, None).version == DEFAULT_VERSION
    assert instance_release(tmp_path, DEFAULT_VERSION, CALENDAR_VERSION).version == (
        CALENDAR_VERSION
    )


def test_an_instance_with_data_keeps_the_release_that_wrote_it(tmp_path: Path) -> None:
    (tmp_path / "data" / "databases" / "neo4j").mkdir(parents=True)
    assert instance_release(tmp_path, CALENDAR_VERSION, None).version == CALENDAR_VERSION
    assert instance_release(tmp_path, DEFAULT_VERSION, "5.26.30").version == DEFAULT_VERSION
    with pytest.raises(Neo4jServerError) as caught:
        instance_release(tmp_path, DEFAULT_VERSION, CALENDAR_VERSION)
    assert f"holds a Neo4j {DEFAULT_VERSION} database" in caught.value.message
    assert "elfgraph export" in caught.value.recovery
