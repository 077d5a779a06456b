# elfgraph — `make demo` and `make test` are the two commands of the README's quickstart.
# Both create .venv, install the project, and start Neo4j when none is configured.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DOCS_STAMP := $(VENV)/.docs-stamp

.PHONY: help install neo4j neo4j-stop demo test lint typecheck unit docs clean bench bench-locomo

help:
	@echo "make demo   — install, start Neo4j if needed, learn and dream a sample, show where to look"
	@echo "make test   — install, start Neo4j if needed, ruff + mypy --strict + the whole suite"
	@echo "make docs   — the docs site into site/ (MkDocs, strict: a broken link or reference fails)"
	@echo "make bench  — the write, read and curate benchmarks at 1k and 10k: results, docs/BENCHMARKS.md, plots"
	@echo "make bench-locomo — recall quality on LoCoMo and a synthetic set, three layouts (data: LOCOMO_DATA)"
	@echo "                 (every maintained benchmark: $(BIN)/python -m benchmarks --list)"
	@echo "make neo4j-stop — stop the local Neo4j server"

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "elfgraph needs Python 3.11+ ($(PYTHON) is older); run: make PYTHON=python3.11 …"; exit 1; }
	@echo "Creating $(VENV) and installing elfgraph with its development tools (a few minutes the first time) …"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)
	@echo "Installed: run it as $(BIN)/elfgraph, or 'source $(BIN)/activate' to put elfgraph on your PATH."

install: $(STAMP)

# Use NEO4J_URI when set; else the local Java server; else Docker Compose when an engine answers.
neo4j: $(STAMP)
	@if [ -n "$$NEO4J_URI" ]; then \
		echo "Using Neo4j at NEO4J_URI=$$NEO4J_URI"; \
	elif $(BIN)/python -c 'from elfgraph.neo4j_server import find_java; find_java()' >/dev/null 2>&1; then \
		$(BIN)/elfgraph neo4j start; \
	elif docker info >/dev/null 2>&1; then \
		[ -f .env ] || sed "s/^NEO4J_PASSWORD=.*/NEO4J_PASSWORD=$$(head -c 18 /dev/urandom | base64 | tr -dc A-Za-z0-9)/" .env.example > .env; \
		docker compose up -d --wait; \
	else \
		$(BIN)/elfgraph neo4j start; \
	fi

neo4j-stop: $(STAMP)
	$(BIN)/elfgraph neo4j stop

demo: neo4j
	$(BIN)/elfgraph db migrate
	$(BIN)/elfgraph demo
	@echo
	@echo "Next: $(BIN)/elfgraph --help (or 'source $(BIN)/activate', then elfgraph --help); elfgraph mcp-config prints the MCP client entry."

# Three of the maintained benchmarks (`python -m benchmarks --list` has them all), each
# writing its result and its section of docs/BENCHMARKS.md. BENCH_ARGS="--sizes 1000 10000
# 100000" adds the 100k size (over 40 min more here); a fresh server gives fair numbers:
# ELFGRAPH_NEO4J_HOME=/tmp/bench make bench
bench: neo4j
	$(BIN)/python -m benchmarks write $(BENCH_ARGS)
	$(BIN)/python -m benchmarks read $(BENCH_ARGS)
	$(BIN)/python -m benchmarks curate $(BENCH_ARGS)

# Retrieval quality: R@k on LoCoMo and the synthetic set, the turns learned in three layouts
# (metadata, inline, header), cross-validated. The LoCoMo data is CC BY-NC and lies outside
# the repository; on a fresh server: ELFGRAPH_NEO4J_HOME=/tmp/locomo make bench-locomo
LOCOMO_DATA ?= ../shared/data/locomo/locomo-dev.json
bench-locomo: neo4j
	$(BIN)/python -m benchmarks locomo --data $(LOCOMO_DATA)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy --strict elfgraph benchmarks

unit: $(STAMP)
	$(BIN)/pytest -m "not integration"

test: neo4j lint typecheck
	$(BIN)/pytest

# The docs tools (the `docs` extra) join .venv the first time.
$(DOCS_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,docs]'
	@touch $(DOCS_STAMP)

# mkdocs.yml has strict: true, so a broken link, anchor or API reference fails the build.
# (NO_MKDOCS_2_WARNING quiets the Material theme's banner about MkDocs 2.)
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache dist build site
