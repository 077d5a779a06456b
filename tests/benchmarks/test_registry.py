"""benchmarks/registry.py: every maintained benchmark has its module's two entry points, a
kept result that renders, and its generated section in docs/BENCHMARKS.md, which is what
its kept result renders (the tables are regenerated, never edited by hand)."""

from __future__ import annotations

import importlib
import json
import re
import shutil
from pathlib import Path

import pytest

import benchmarks.publish as publish
from benchmarks.__main__ import listing, main
from benchmarks.registry import BENCHMARKS

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "BENCHMARKS.md"


def section(text: str, name: str) -> str:
    start, end = BENCHMARKS[name].markers
    assert text.count(start) == text.count(end) == 1, name
    return text.split(start, 1)[1].split(end, 1)[0]


@pytest.mark.parametrize("name", list(BENCHMARKS))
def test_each_benchmark_module_has_main_and_render(name: str) -> None:
    module = importlib.import_module(BENCHMARKS[name].module)
    assert callable(module.main)
    assert callable(module.render)


def test_the_results_folder_holds_one_kept_result_per_benchmark() -> None:
    kept = {b.result for b in BENCHMARKS.values()}
    assert {p.name for p in (ROOT / "benchmarks" / "results").iterdir()} == kept


def test_each_section_of_the_doc_is_what_its_kept_result_renders(tmp_path: Path) -> None:
    doc = tmp_path / "BENCHMARKS.md"
    shutil.copy(DOC, doc)
    for name in BENCHMARKS:
        publish.render(name, publish.load(name), doc)
    rendered, shipped = doc.read_text(encoding="utf-8"), DOC.read_text(encoding="utf-8")
    for name in BENCHMARKS:
        assert section(rendered, name) == section(shipped, name), (
            f"docs/BENCHMARKS.md's {name} section is not its kept result's: "
            f"python -m benchmarks {name} --render"
        )
        command = publish.load(name)["command"]
        assert f"`{command}`" in section(shipped, name)  # every table names its command
    for image in re.findall(r"\]\((img/[^)]+)\)", shipped):
        assert (DOC.parent / image).is_file(), image


def test_a_run_published_elsewhere_leaves_the_kept_result_and_the_doc_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = publish.load("portability")
    monkeypatch.setattr(publish, "RESULTS", tmp_path / "results")
    monkeypatch.setattr(publish, "DOC", tmp_path / "BENCHMARKS.md")
    probe = tmp_path / "probe.json"
    publish.publish("portability", report, ["--sizes", "200"], out=probe)
    assert json.loads(probe.read_text())["command"] == (
        "python -m benchmarks portability --sizes 200"
    )
    assert not (tmp_path / "results").exists()
    assert not (tmp_path / "BENCHMARKS.md").exists()
    publish.publish("portability", report, ["--sizes", "200"])
    assert (tmp_path / "results" / "portability.json").is_file()
    text = (tmp_path / "BENCHMARKS.md").read_text(encoding="utf-8")
    assert "`python -m benchmarks portability --sizes 200` on " in section(text, "portability")


def test_the_command_lists_every_benchmark_and_renders_one_from_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main([])
    listed = capsys.readouterr().out
    assert all(f"\n{name} " in listed for name in BENCHMARKS)
    assert listing() in listed
    result = tmp_path / "curate.json"
    shutil.copy(publish.result_path("curate"), result)
    doc = tmp_path / "doc.md"
    main(["curate", "--render", str(result), "--doc", str(doc)])
    assert "| 10,000 | 25,000 |" in section(doc.read_text(encoding="utf-8"), "curate")
    with pytest.raises(SystemExit, match="no benchmark 'suite'"):
        main(["suite"])
