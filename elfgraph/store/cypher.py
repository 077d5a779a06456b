"""Loads the query files under `cypher/` and checks each against its header.

Every file holds one query and starts with a `//` header:

    // name: insert_block            the file stem
    // mode: write                   read | write
    // returns: none                 one | many | scalar | none
    // params: space, id, content    every $parameter the body uses, each once
    // What the query does and why, in a sentence or two (required).

The loader checks the header against the body once, at first use, and rejects a bad file
with its path and line. `elfgraph.store.transaction` runs them by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from elfgraph.errors import CypherFileError

Mode = Literal["read", "write"]
Returns = Literal["one", "many", "scalar", "none"]

_MODES: tuple[Mode, ...] = ("read", "write")
_RETURNS: tuple[Returns, ...] = ("one", "many", "scalar", "none")
_KEYS = ("name", "mode", "returns", "params")
_KEY_LINE = re.compile(r"^//\s*([a-z_]+):\s?(.*)$")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class CypherQuery:
    """One parsed, validated query file."""

    name: str
    path: Path
    mode: Mode
    returns: Returns
    params: tuple[str, ...]
    description: str
    text: str

    @property
    def file(self) -> str:
        """Where the query lives, as a reader of the repository finds it:
        `cypher/retrieval/candidates.cypher`."""
        try:
            return f"cypher/{self.path.relative_to(cypher_root()).as_posix()}"
        except ValueError:
            return str(self.path)


def cypher_root() -> Path:
    """The `cypher/` folder: inside the installed wheel, else the source checkout's."""
    packaged = Path(str(resources.files("elfgraph") / "_cypher"))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "cypher"


def parse_query_file(path: Path) -> CypherQuery:
    """Parse and check one file; raise CypherFileError naming the file and line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header: dict[str, tuple[str, int]] = {}
    description: list[str] = []
    index = 0
    # The key lines come first, then the description; the header ends at the first non-// line.
    while index < len(lines) and lines[index].lstrip().startswith("//"):
        line = lines[index].strip()
        match = _KEY_LINE.match(line)
        if match and not description:
            key, value = match.group(1), match.group(2).strip()
            if key not in _KEYS:
                raise CypherFileError(path, index + 1, f"unknown header key {key!r}")
            if key in header:
                raise CypherFileError(path, index + 1, f"header key {key!r} appears twice")
            header[key] = (value, index + 1)
        else:
            text = line[2:].strip()
            if text:
                description.append(text)
        index += 1
    body_start = index + 1
    body = "\n".join(lines[index:]).strip()

    for key in _KEYS:
        if key not in header:
            raise CypherFileError(path, 1, f"header has no {key!r} line")
    name, name_line = header["name"]
    if name != path.stem:
        raise CypherFileError(path, name_line, f"name {name!r} is not the file stem {path.stem!r}")
    mode, mode_line = header["mode"]
    if mode not in _MODES:
        raise CypherFileError(path, mode_line, f"mode {mode!r} is not one of {', '.join(_MODES)}")
    returns, returns_line = header["returns"]
    if returns not in _RETURNS:
        raise CypherFileError(
            path, returns_line, f"returns {returns!r} is not one of {', '.join(_RETURNS)}"
        )
    params, params_line = _parse_params(path, *header["params"])
    if not description:
        raise CypherFileError(path, params_line, "header has no description of the query")
    if not body:
        raise CypherFileError(path, body_start, "the file has no query after its header")

    used = _parameters_used(path, lines, index)
    for param, line_no in used.items():
        if param not in params:
            raise CypherFileError(path, line_no, f"${param} is used but not declared in params")
    for param in params:
        if param not in used:
            raise CypherFileError(path, params_line, f"param {param!r} is declared but never used")
    return CypherQuery(
        name=name,
        path=path,
        mode=mode,  # checked against _MODES above
        returns=returns,  # checked against _RETURNS above
        params=params,
        description=" ".join(description),
        text=body,
    )


def _parse_params(path: Path, value: str, line: int) -> tuple[tuple[str, ...], int]:
    names = [part.strip() for part in value.split(",")] if value.strip() else []
    for name in names:
        if not _IDENTIFIER.match(name):
            raise CypherFileError(path, line, f"param {name!r} is not a valid identifier")
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise CypherFileError(path, line, f"param {duplicates[0]!r} is declared twice")
    return tuple(names), line


def _parameters_used(path: Path, lines: list[str], first_body_line: int) -> dict[str, int]:
    """$parameters in the body, with the line of first use; strings and comments skipped.

    Also refuses a second statement (a `;` followed by more text), since a file is one query.
    """
    text = "\n".join(lines[first_body_line:])
    used: dict[str, int] = {}
    line = first_body_line + 1
    i = 0
    statement_ended_at: int | None = None
    while i < len(text):
        char = text[i]
        if char == "\n":
            line += 1
            i += 1
            continue
        if text.startswith("//", i):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = len(text) if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
            continue
        if char in "'\"`":
            end = _end_of_quoted(text, i)
            line += text.count("\n", i, end)
            i = end
            continue
        if char.isspace():
            i += 1
            continue
        if statement_ended_at is not None:
            raise CypherFileError(path, statement_ended_at, "one query per file: text after ';'")
        if char == ";":
            statement_ended_at = line
            i += 1
            continue
        if char == "$":
            match = re.match(r"[A-Za-z_][A-Za-z0-9_]*", text[i + 1 :])
            if match:
                used.setdefault(match.group(0), line)
                i += 1 + len(match.group(0))
                continue
        i += 1
    return used


def _end_of_quoted(text: str, start: int) -> int:
    quote = text[start]
    i = start + 1
    while i < len(text):
        if text[i] == "\\" and quote != "`":
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        i += 1
    return len(text)


def load_queries(root: Path) -> dict[str, CypherQuery]:
    """Parse every `*.cypher` under root; names are file stems and must be unique."""
    queries: dict[str, CypherQuery] = {}
    for path in sorted(root.rglob("*.cypher")):
        query = parse_query_file(path)
        if query.name in queries:
            other = queries[query.name].path
            raise CypherFileError(path, 1, f"name {query.name!r} is also used by {other}")
        queries[query.name] = query
    return queries


@cache
def catalog() -> dict[str, CypherQuery]:
    """All queries of the package, loaded and checked once per process."""
    return load_queries(cypher_root())


def query(name: str) -> CypherQuery:
    """The query file of that name (its stem)."""
    try:
        return catalog()[name]
    except KeyError:
        raise LookupError(f"no Cypher file named {name!r} under {cypher_root()}") from None
