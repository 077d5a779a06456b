"""elfgraph: long-term memory for AI agents, on Neo4j.

from elfgraph import MemorySystem

async with MemorySystem.managed("my-agent") as memory:
    await memory.remember("The staging database is read-only on Fridays.")
    await memory.dream()
"""

from elfgraph.config import Settings, load_settings
from elfgraph.database import Database
from elfgraph.edge_models import (
    ConnectByQueryResult,
    ConnectResult,
    ConnectSpec,
    ConnectsResult,
    DisconnectResult,
    DisplacedEdge,
    EdgeError,
)
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import (
    BlockNotActiveError,
    ConfigError,
    ConnectError,
    CurateError,
    CypherFileError,
    DegreeLimitError,
    ElfgraphError,
    FrameError,
    LearnError,
    Neo4jServerError,
    OutcomeError,
    SelfLoopError,
    SessionError,
    StorageError,
)
from elfgraph.llm.base import BlockAnalysis, LLMService
from elfgraph.llm.mock import MockLLMService
from elfgraph.memory import MemorySystem
from elfgraph.memory_config import ElfgraphConfig, MemoryConfig
from elfgraph.models import (
    ConsolidateResult,
    CurateResult,
    FrameResult,
    LearnResult,
    OperationRecord,
    OutcomeResult,
    ScoredBlock,
    SpaceRecord,
    SystemStatus,
)
from elfgraph.spaces import (
    drop_space,
    list_spaces,
    lock_space_embedding,
    open_space,
    validate_space_name,
)

__version__ = "0.1.0"

__all__ = [
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
]
