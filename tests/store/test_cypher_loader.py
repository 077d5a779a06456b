"""The Cypher loader: the header contract, checked at load time with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from elfgraph.errors import CypherFileError
from elfgraph.store.cypher import catalog, load_queries, parse_query_file

GOOD = """\
// name: insert_thing
// mode: write
// returns: one
// params: space, id
// Inserts a thing; the id is unique per space.
MERGE (t:Thing {space: $space, id: $id})
RETURN t.id AS id
"""


def write(tmp_path: Path, text: str, name: str = "insert_thing") -> Path:
    path = tmp_path / f"{name}.cypher"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> CypherFileError:
    with pytest.raises(CypherFileError) as caught:
        parse_query_file(path)
    return caught.value


def test_a_good_file_parses_into_its_header_and_body(tmp_path: Path) -> None:
    query = parse_query_file(write(tmp_path, GOOD))
    assert query.name == "insert_thing"
    assert query.mode == "write"
    assert query.returns == "one"
    assert query.params == ("space", "id")
    assert query.description == "Inserts a thing; the id is unique per space."
    assert query.text.startswith("MERGE (t:Thing")


def test_unknown_header_key_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("// returns: one\n", "// returns: one\n// cache: yes\n"))
    error = error_of(path)
    assert error.path == path
    assert error.line == 4
    assert "unknown header key 'cache'" in str(error)
    assert str(path) in str(error)
    assert error.recovery


def test_undeclared_parameter_points_at_the_line_that_uses_it(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("RETURN t.id AS id", "SET t.at = $now\nRETURN t.id"))
    error = error_of(path)
    assert error.line == 7
    assert "$now is used but not declared" in error.problem


def test_unused_parameter_points_at_the_params_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("params: space, id", "params: space, id, extra"))
    error = error_of(path)
    assert error.line == 4
    assert "'extra' is declared but never used" in error.problem


@pytest.mark.parametrize(
    ("change", "problem", "line"),
    [
        (("params: space, id", "params: space, id, space"), "declared twice", 4),
        (("name: insert_thing", "name: other_name"), "is not the file stem", 1),
        (("mode: write", "mode: schema"), "mode 'schema' is not one of", 2),
        (("returns: one", "returns: all"), "returns 'all' is not one of", 3),
        (("// mode: write\n", ""), "no 'mode' line", 1),
        (("// Inserts a thing; the id is unique per space.\n", ""), "no description", 4),
        (("params: space, id", "params: space, 2id"), "not a valid identifier", 4),
        (("// returns: one\n", "// returns: one\n// returns: many\n"), "appears twice", 4),
    ],
)
def test_header_mistakes_are_refused(
    tmp_path: Path, change: tuple[str, str], problem: str, line: int
) -> None:
    error = error_of(write(tmp_path, GOOD.replace(*change)))
    assert problem in error.problem
    assert error.line == line


def test_file_without_a_query_is_refused(tmp_path: Path) -> None:
    body_start = GOOD.index("MERGE")
    error = error_of(write(tmp_path, GOOD[:body_start]))
    assert "no query" in error.problem


def test_two_statements_in_one_file_are_refused(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD + ";\nMATCH (n) DETACH DELETE n\n"))
    assert "one query per file" in error.problem
    assert error.line == 8  # the ';' that ends the first statement


def test_a_trailing_semicolon_is_fine(tmp_path: Path) -> None:
    assert parse_query_file(write(tmp_path, GOOD.rstrip() + ";\n")).params == ("space", "id")


def test_dollars_in_strings_and_comments_are_not_parameters(tmp_path: Path) -> None:
    text = GOOD.replace(
        "RETURN t.id AS id",
        "// costs $5, see $docs\nSET t.note = 'price in $' + \"$x\" /* $y */\nRETURN t.id AS `$z`",
    )
    assert parse_query_file(write(tmp_path, text)).params == ("space", "id")


def test_dynamic_relationship_type_parameter_is_seen(tmp_path: Path) -> None:
    text = """\
// name: link
// mode: write
// returns: none
// params: a, b, rel_type
// Links two nodes with a validated relationship type.
MATCH (x {id: $a}), (y {id: $b})
MERGE (x)-[:$($rel_type)]->(y)
"""
    assert parse_query_file(write(tmp_path, text, "link")).params == ("a", "b", "rel_type")


def test_empty_params_line_means_no_parameters(tmp_path: Path) -> None:
    text = "// name: count\n// mode: read\n// returns: scalar\n// params:\n// Counts.\n"
    text += "MATCH (n) RETURN count(n)\n"
    assert parse_query_file(write(tmp_path, text, "count")).params == ()


def test_names_must_be_unique_across_folders(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write(tmp_path / "a", GOOD)
    write(tmp_path / "b", GOOD)
    with pytest.raises(CypherFileError, match="also used by"):
        load_queries(tmp_path)


def test_every_shipped_cypher_file_loads() -> None:
    queries = catalog()
    assert "ensure_space" in queries
    assert all(q.description for q in queries.values())
