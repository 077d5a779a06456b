"""The public API: `elfgraph.__all__` only grows. A name removed or renamed breaks code
written against it, so this list changes only by additions (and a CHANGELOG line)."""

from __future__ import annotations

import elfgraph

PUBLIC = {
    "BlockAnalysis",
    "BlockNotActiveError",
    "ConfigError",
    "ConnectByQueryResult",
    "ConnectError",
    "ConnectResult",
    "ConnectSpec",
    "ConnectsResult",
    "ConsolidateResult",
    "CurateError",
    "CurateResult",
    "CypherFileError",
    "Database",
    "DegreeLimitError",
    "DisconnectResult",
    "DisplacedEdge",
    "EdgeError",
    "ElfgraphConfig",
    "ElfgraphError",
    "EmbeddingService",
    "FrameError",
    "FrameResult",
    "LLMService",
    "LearnError",
    "LearnResult",
    "MemoryConfig",
    "MemorySystem",
    "MockEmbeddingService",
    "MockLLMService",
    "Neo4jServerError",
    "OperationRecord",
    "OutcomeError",
    "OutcomeResult",
    "ScoredBlock",
    "SelfLoopError",
    "SessionError",
    "Settings",
    "SpaceRecord",
    "StorageError",
    "SystemStatus",
    "__version__",
    "drop_space",
    "list_spaces",
    "load_settings",
    "lock_space_embedding",
    "open_space",
    "validate_space_name",
    # portability (issue 16)
    "ElfmemImportResult",
    "ExportResult",
    "ImportFileError",
    "ImportResult",
    "Unmapped",
    "discard_unfinished_imports",
    "export_space",
    "import_elfmem",
    "import_space",
    # forget and correct (issue 61)
    "CorrectError",
    "CorrectResult",
    "ForgetError",
    "ForgetResult",
    "ForgottenBlock",
}


def test_every_public_name_is_still_exported() -> None:
    assert set(elfgraph.__all__) >= PUBLIC


def test_every_exported_name_exists() -> None:
    for name in elfgraph.__all__:
        assert hasattr(elfgraph, name), name
    assert len(elfgraph.__all__) == len(set(elfgraph.__all__))
