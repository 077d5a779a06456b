"""Whether a Docker engine answers, for the testcontainers fallback of tests/conftest.py."""

from __future__ import annotations

import shutil
import subprocess

NEO4J_IMAGE = "neo4j:5.26-community"


def docker_answers() -> bool:
    docker = shutil.which("docker")
    if not docker:
        return False
    try:
        probe = subprocess.run([docker, "info"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0
