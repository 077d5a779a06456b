"""`elfgraph keys create | list | revoke`, `elfgraph serve`'s refusals, and the memory
commands switched to a service by ELFGRAPH_URL and ELFGRAPH_API_KEY."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from elfgraph.cli import app
from tests.support.service import RunningService

runner = CliRunner()


def invoke(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=env)
    return result.exit_code, result.output


def test_keys_are_made_shown_once_listed_without_secret_and_revoked(cli_space: str) -> None:
    code, out = invoke("keys", "create", "--space", cli_space, "--scope", "write", "--json")
    assert code == 0, out
    made = json.loads(out)
    assert set(made) == {"id", "key"}
    assert made["key"].startswith(f"eg_{made['id']}_")
    code, out = invoke("keys", "list", "--space", cli_space, "--json")
    listed = json.loads(out)
    assert [k["id"] for k in listed] == [made["id"]]
    assert made["key"] not in out
    code, out = invoke("keys", "revoke", made["id"])
    assert code == 0
    assert "revoked" in out
    code, out = invoke("keys", "create", "--scope", "write")  # neither --space nor --all-spaces
    assert code == 1
    assert "--all-spaces" in out


def test_serve_refuses_bad_options_in_one_line() -> None:
    code, out = invoke("serve", "--ssl-certfile", "cert.pem")
    assert code == 1
    assert "ssl-keyfile" in out
    code, out = invoke("serve", "--embedder", "no.such.module:thing")
    assert code == 1
    assert "Cannot load the embedder" in out


def test_with_elfgraph_url_the_memory_commands_use_the_service(
    service: RunningService, cli_space: str
) -> None:
    code, out = invoke("keys", "create", "--space", cli_space, "--scope", "write", "--json")
    env = {"ELFGRAPH_URL": service.url, "ELFGRAPH_API_KEY": json.loads(out)["key"]}
    code, out = invoke("remember", "The CLI talks to the service", "--space", cli_space, env=env)
    assert (code, out.startswith("Stored block ")) == (0, True), out
    code, out = invoke("dream", "--space", cli_space, "--json", env=env)
    assert json.loads(out)["promoted"] == 1
    code, out = invoke("recall", "CLI service", "--space", cli_space, "--json", env=env)
    assert json.loads(out)[0]["content"] == "The CLI talks to the service"
    code, out = invoke("status", "--space", cli_space, "--json", env=env)
    assert json.loads(out)["active_count"] == 1
    code, out = invoke("curate", "--space", cli_space, "--json", env=env)
    assert code == 0, out
    code, out = invoke("status", "--space", "another-space", "--json", env=env)
    assert code == 1
    assert json.loads(out)["error"] == "AccessError"
    bad = {**env, "ELFGRAPH_API_KEY": "eg_aaaaaaaaaaaa_nope"}
    code, out = invoke("status", "--space", cli_space, env=bad)
    assert code == 1
    assert "not valid" in out
    assert "ELFGRAPH_API_KEY" in out


@pytest.mark.usefixtures("neo4j_env")
def test_without_elfgraph_url_the_commands_use_neo4j(cli_space: str) -> None:
    code, out = invoke("remember", "straight to Neo4j", "--space", cli_space)
    assert code == 0, out
