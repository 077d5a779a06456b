"""The house rules that import-linter cannot state: an operation's repository functions
are imported only inside its own package, no module grows past a few hundred lines, and
no test module imports another (shared helpers live in tests/support)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "elfgraph"
TESTS = PACKAGE.parent / "tests"
MAX_LINES = 400


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def owning_package(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else ""


def test_repository_functions_are_imported_only_by_their_own_package() -> None:
    crossings = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = owning_package(path)
        for line, module in imported_modules(path):
            parts = module.split(".")
            is_repository = (
                len(parts) >= 3 and parts[:1] == ["elfgraph"] and parts[2] == "repository"
            )
            if is_repository and parts[1] != own:
                crossings.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert crossings == []


def test_every_cypher_folder_is_an_operation_package_with_a_repository() -> None:
    cypher = PACKAGE.parent / "cypher"
    for folder in sorted(p for p in cypher.iterdir() if p.is_dir()):
        assert (PACKAGE / folder.name / "repository" / "__init__.py").is_file(), folder.name


def test_no_module_grows_past_a_few_hundred_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE.parent)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_tests_import_helpers_from_tests_support_only() -> None:
    """A test module never imports another test module: what two tests share lives in
    tests/support (helpers) or a conftest.py (fixtures)."""
    crossings = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level]
        crossings += [
            f"{path.relative_to(TESTS.parent)}:{line}: a relative import" for line in relative
        ]
        for line, module in imported_modules(path):
            parts = module.split(".")
            if parts[0] == "tests" and len(parts) > 1 and parts[1] != "support":
                crossings.append(f"{path.relative_to(TESTS.parent)}:{line} imports {module}")
    assert crossings == []


def test_no_import_cycle() -> None:
    import grimp

    graph = grimp.build_graph("elfgraph")
    assert graph.chain_exists(importer="elfgraph.memory", imported="elfgraph.store.database")
    # Tarjan-free check: a module is in a cycle when it can reach itself.
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(imported=module, importer=imported):
                cycles.append(f"{module} -> {imported} -> … -> {module}")
    assert cycles == []
