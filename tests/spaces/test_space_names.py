"""Space names: letters, digits and a few separators, refused with a recovery otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.errors import ConfigError
from elfgraph.spaces.names import SPACE_NAME, validate_space_name


@pytest.mark.parametrize("name", ["default", "a", "agent-7", "project.notes", "A_1", "9" * 64])
def test_valid_space_names(name: str) -> None:
    assert validate_space_name(name) == name


@pytest.mark.parametrize(
    "name", ["", "-x", ".x", "_x", "a b", "a/b", "x" * 65, "é", "a\n", "a'}) DETACH", None, 3]
)
def test_invalid_space_names_raise_config_error_with_recovery(name: object) -> None:
    with pytest.raises(ConfigError) as caught:
        validate_space_name(name)
    assert "letters, digits" in caught.value.recovery


@given(st.text(max_size=80))
def test_space_name_validation_agrees_with_the_pattern(name: str) -> None:
    if SPACE_NAME.fullmatch(name):
        assert validate_space_name(name) == name
    else:
        with pytest.raises(ConfigError):
            validate_space_name(name)
