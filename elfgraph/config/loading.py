"""ElfgraphConfig: everything a MemorySystem is tuned by, and where it is read from.

Sources, first match wins for each setting:

1. arguments: `ElfgraphConfig(memory=MemoryConfig(...))` or `ElfgraphConfig.load(memory={...})`;
2. environment variables: `ELFGRAPH_MEMORY__RETRIEVAL__TOP_K=8`, or flat
   `ELFGRAPH_MEMORY__TOP_K=8`;
3. a `.env` file in the working directory, with the same names;
4. a YAML file: `ElfgraphConfig.from_yaml(path)`, or the file named by
   `ELFGRAPH_CONFIG_FILE`, holding a `memory:` mapping (grouped or flat);
5. the defaults (docs/BEHAVIOUR.md §11).

Every source goes through pydantic-settings, so they merge setting by setting. Bad values
are a ConfigError naming the setting and where to fix it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    YamlConfigSettingsSource,
)

from elfgraph.config.memory import MemoryConfig
from elfgraph.errors import ConfigError

CONFIG_FILE_VARIABLE = "ELFGRAPH_CONFIG_FILE"


class ElfgraphConfig(BaseSettings):
    """Everything a MemorySystem is tuned by; `memory` holds the model's constants."""

    model_config = SettingsConfigDict(
        env_prefix="ELFGRAPH_",
        env_nested_delimiter="__",
        env_file=".env",
        extra="ignore",
        frozen=True,
    )

    memory: MemoryConfig = MemoryConfig()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources = [init_settings, env_settings, dotenv_settings]
        yaml_file = settings_cls.model_config.get("yaml_file") or os.environ.get(
            CONFIG_FILE_VARIABLE
        )
        if yaml_file:
            sources.append(YamlConfigSettingsSource(settings_cls, yaml_file=yaml_file))
        return tuple(sources)

    @classmethod
    def load(cls, **values: Any) -> ElfgraphConfig:
        """From keyword values, the environment, `.env` and ELFGRAPH_CONFIG_FILE."""
        path = os.environ.get(CONFIG_FILE_VARIABLE)
        if path:
            _check_yaml_file(Path(path))
        try:
            return cls(**values)
        except ValidationError as exc:
            where = "the arguments, ELFGRAPH_MEMORY__* variables or .env"
            raise _config_error(exc, f"{where} or {path}" if path else where) from exc

    @classmethod
    def from_yaml(cls, path: str | Path) -> ElfgraphConfig:
        """Read a YAML file with a top-level `memory:` mapping (variables and .env still
        win over it, as everywhere)."""
        file = Path(path)
        _check_yaml_file(file)
        with_file = type(
            cls.__name__, (cls,), {"model_config": {**cls.model_config, "yaml_file": file}}
        )
        try:
            loaded: ElfgraphConfig = with_file()
        except ValidationError as exc:
            raise _config_error(exc, str(file)) from exc
        return loaded


def _check_yaml_file(file: Path) -> None:
    """Refuse an unreadable or malformed file with a message that names it."""
    try:
        loaded = yaml.safe_load(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(
            f"Cannot read config file {file}: {exc.strerror}.",
            recovery="Check the path, or pass config=ElfgraphConfig() for the defaults.",
        ) from exc
    except yaml.YAMLError as exc:
        raise ConfigError(
            f"Config file {file} is not valid YAML: {exc}",
            recovery="Fix the YAML syntax (a `memory:` mapping of field: value).",
        ) from exc
    if loaded is not None and not isinstance(loaded, dict):
        raise ConfigError(
            f"Config file {file} must hold a mapping, not {type(loaded).__name__}.",
            recovery="Write it as `memory:` followed by indented `field: value` lines.",
        )


def _config_error(exc: ValidationError, where: str) -> ConfigError:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
    )
    return ConfigError(
        f"Invalid elfgraph configuration: {problems}.",
        recovery=f"Fix the values named above in {where}; see docs/BEHAVIOUR.md §11 for "
        "each setting and its range.",
    )
