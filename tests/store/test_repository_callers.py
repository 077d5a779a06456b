"""Every Cypher file has exactly one repository function, which passes exactly its params.

`cypher/<package>/<name>.cypher` ↔ `elfgraph/<package>/repository/<name>.py`, which
defines one async function `<name>(tx, *, …)` calling `run_<returns>(tx, "<name>", **params)`
(and, if it has the query planned ahead, `plan_only` with the same params).
Schema migrations (`cypher/schema/migrations/`) take no params and are run by
`elfgraph.schema.migrations`.
"""

from __future__ import annotations

import ast
from pathlib import Path

from elfgraph.schema.migrations import schema_migrations
from elfgraph.store.cypher import catalog, cypher_root

PACKAGE = Path(__file__).resolve().parents[2] / "elfgraph"
RUNNERS = {"run_one": "one", "run_many": "many", "run_scalar": "scalar", "run_none": "none"}
PLANNER = "plan_only"  # has the server plan a query without running it: its caller's, too


def repository_modules() -> list[Path]:
    """Every repository function's module: elfgraph/<package>/repository/<name>.py."""
    return sorted(path for path in PACKAGE.glob("*/repository/*.py") if path.name != "__init__.py")


def query_calls() -> list[tuple[Path, str, str, set[str]]]:
    """(module, runner, query name, keyword names) for every run_* call in the repository."""
    calls = []
    for module in repository_modules():
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and (node.func.id in RUNNERS or node.func.id == PLANNER)
            ):
                assert len(node.args) == 2, f"{module}: call run_* as run_x(tx, 'name', **kw)"
                name = node.args[1]
                assert isinstance(name, ast.Constant), f"{module}: query name must be a literal"
                assert all(k.arg for k in node.keywords), f"{module}: no **kwargs passthrough"
                keywords = {str(k.arg) for k in node.keywords}
                calls.append((module, node.func.id, str(name.value), keywords))
    return calls


def test_every_query_file_has_exactly_one_matching_caller() -> None:
    calls = query_calls()
    schema = {m.query.name for m in schema_migrations()}
    root = cypher_root()
    for name, query in catalog().items():
        if name in schema:
            continue
        callers = [call for call in calls if call[2] == name and call[1] != PLANNER]
        assert len(callers) == 1, f"{query.path} has {len(callers)} callers, wants 1"
        module, runner, _, keywords = callers[0]
        for planner_module, _, _, planned in (c for c in calls if c[2] == name and c[1] == PLANNER):
            assert planner_module == module, f"{name} is planned from {planner_module}"
            assert planned == keywords, f"{module} plans {name} with other params than it runs"
        folder = query.path.parent.relative_to(root)
        assert module == PACKAGE / folder / "repository" / f"{name}.py", (
            f"{name} is called from {module}"
        )
        assert RUNNERS[runner] == query.returns, f"{module} uses {runner} for {query.returns}"
        assert keywords == set(query.params), f"{module} passes {keywords}, {name} declares"


def test_every_call_names_an_existing_query() -> None:
    names = set(catalog())
    for module, _, name, _ in query_calls():
        assert name in names, f"{module} calls unknown query {name!r}"


def test_each_repository_module_defines_one_async_function_taking_tx_first() -> None:
    for module in repository_modules():
        tree = ast.parse(module.read_text(encoding="utf-8"))
        functions = [n for n in tree.body if isinstance(n, ast.AsyncFunctionDef | ast.FunctionDef)]
        assert len(functions) == 1, f"{module} defines {len(functions)} functions, wants 1"
        function = functions[0]
        assert isinstance(function, ast.AsyncFunctionDef), f"{module}: function must be async"
        assert function.name == module.stem
        assert [a.arg for a in function.args.args] == ["tx"], f"{module}: (tx, *, keywords)"
