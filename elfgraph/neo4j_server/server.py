"""Start, inspect and stop a local Neo4j Community server without Docker: 5.26, or a
calendar release asked for by version (release.py).

The jars come from Maven Central (distribution.py); an *instance* is a folder with the
configuration, data, logs and the state file. The server listens on loopback only, on
ports chosen at start (the defaults 7687/7474 when free) and remembered for next time, and
runs the release its data was created with.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from elfgraph.errors import Neo4jServerError
from elfgraph.neo4j_server.distribution import cache_root, ensure_distribution, file_lock
from elfgraph.neo4j_server.java import Java, find_java
from elfgraph.neo4j_server.process import (
    ephemeral_port,
    is_server_process,
    listens_on,
    port_accepts,
    port_is_free,
    terminate,
)
from elfgraph.neo4j_server.release import Release, instance_release
from elfgraph.neo4j_server.state import (
    ServerState,
    default_instance_home,
    read_state,
    write_state,
)

DEFAULT_BOLT_PORT = 7687
DEFAULT_HTTP_PORT = 7474
_DEFAULT_CREDENTIALS = ("neo4j", "neo4j")

# The JVM flags of the official 5.26 distribution's neo4j.conf (a calendar release adds its
# own: release.py).
_JVM_FLAGS = (
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-XX:+AlwaysPreTouch",
    "-XX:+UnlockExperimentalVMOptions",
    "-XX:+TrustFinalNonStaticFields",
    "-XX:+DisableExplicitGC",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.tls.ephemeralDHKeySize=2048",
    "-Djdk.tls.rejectClientInitiatedRenegotiation=true",
    "-XX:FlightRecorderOptions=stackdepth=256",
    "-XX:+UnlockDiagnosticVMOptions",
    "-XX:+DebugNonSafepoints",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true",
    "-Dlog4j.layout.jsonTemplate.maxStringLength=32768",
    "-Dfile.encoding=UTF-8",
)


@dataclass(frozen=True)
class ServerStatus:
    """What `elfgraph neo4j status` reports; never includes the password."""

    running: bool
    home: str
    neo4j_version: str
    pid: int | None = None
    bolt_uri: str | None = None
    browser_url: str | None = None
    username: str | None = None
    auth: bool = True
    started_at: str | None = None
    already_running: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def summary(self) -> str:
        if not self.running:
            return f"Local Neo4j is not running (home {self.home})."
        return (
            f"Local Neo4j {self.neo4j_version} is running (pid {self.pid}): "
            f"Bolt {self.bolt_uri}, Browser {self.browser_url}"
        )


class LocalNeo4j:
    """One local server instance, identified by its home folder."""

    def __init__(self, home: Path | None = None) -> None:
        self.home = (home or default_instance_home()).resolve()

    # ---- inspection -------------------------------------------------------------------

    def state(self) -> ServerState | None:
        return read_state(self.home)

    def is_running(self) -> bool:
        state = self.state()
        return bool(state and state.pid and is_server_process(state.pid, self.home))

    def status(self, *, already_running: bool = False) -> ServerStatus:
        state = self.state() or ServerState()
        running = bool(state.pid and is_server_process(state.pid, self.home))
        if not running:
            return ServerStatus(
                running=False, home=str(self.home), neo4j_version=state.neo4j_version
            )
        return ServerStatus(
            running=True,
            home=str(self.home),
            neo4j_version=state.neo4j_version,
            pid=state.pid,
            bolt_uri=f"bolt://127.0.0.1:{state.bolt_port}",
            browser_url=f"http://127.0.0.1:{state.http_port}/browser/",
            username=state.username if state.auth else None,
            auth=state.auth,
            started_at=state.started_at,
            already_running=already_running,
        )

    def env_lines(self) -> list[str]:
        """`export` lines for a shell, as `docker-machine env` prints them."""
        state = self.state()
        if not state or not state.pid or not is_server_process(state.pid, self.home):
            raise Neo4jServerError(
                f"The local Neo4j server at {self.home} is not running.",
                recovery="Start it with `elfgraph neo4j start`.",
            )
        lines = [f"export NEO4J_URI=bolt://127.0.0.1:{state.bolt_port}"]
        if state.auth:
            lines.append(f"export NEO4J_USERNAME={state.username}")
            lines.append(f"export NEO4J_PASSWORD={state.password}")
        lines.append("# Run this command to configure your shell:")
        lines.append("# eval $(elfgraph neo4j env)")
        return lines

    # ---- start ------------------------------------------------------------------------

    def start(
        self,
        *,
        bolt_port: int | None = None,
        http_port: int | None = None,
        auth: bool = True,
        heap: str = "1g",
        page_cache: str = "512m",
        timeout: float = 120.0,
        progress: Callable[[str], None] | None = None,
        version: str | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> ServerStatus:
        """Start the server unless it already runs; wait until Bolt answers. `progress`
        hears one line per long step (fetching the jars, waiting for the server).
        `version`: the Neo4j release of a new instance (default NEO4J_VERSION); an instance
        that holds data runs the release that wrote it, and asking for another is refused.
        `settings`: more neo4j.conf lines for this start only (tests and benchmarks, e.g.
        `db.index_sampling.background_enabled=false`); the next start writes without them."""
        tell = progress or (lambda line: None)
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)  # data and password inside
        with file_lock(self.home / ".start.lock"):
            previous = self.state() or ServerState()
            chosen = instance_release(self.home, previous.neo4j_version, version)
            if self.is_running():
                return self.status(already_running=True)
            java = find_java(chosen.java)
            lib = ensure_distribution(chosen.version, progress)
            # Machine-wide, from choosing the ports until this server holds them: two
            # instances started at once would otherwise both take the free default.
            with file_lock(cache_root() / "ports.lock"):
                bolt, http = self._choose_ports(previous, bolt_port, http_port)
                password = previous.password or secrets.token_urlsafe(18)
                state = previous.model_copy(
                    update={
                        "password": password,
                        "auth": auth,
                        "bolt_port": bolt,
                        "http_port": http,
                        "java": str(java.executable),
                        "neo4j_version": chosen.version,
                        "pid": None,
                    }
                )
                self._write_config(state, page_cache, settings or {})
                process = self._launch(chosen, java, lib, heap)
                state = state.model_copy(
                    update={"pid": process.pid, "started_at": datetime.now(UTC).isoformat()}
                )
                write_state(self.home, state)
                tell(f"Started Java (pid {process.pid}); waiting for Bolt on port {bolt} …")
                try:
                    self._wait_until_ready(process, state, timeout)
                except BaseException:
                    terminate(process.pid, self.home, timeout=30)
                    write_state(self.home, state.model_copy(update={"pid": None}))
                    raise
                return self.status()

    def _choose_ports(
        self, previous: ServerState, bolt_port: int | None, http_port: int | None
    ) -> tuple[int, int]:
        chosen: list[int] = []
        for asked, remembered, default, what in (
            (bolt_port, previous.bolt_port, DEFAULT_BOLT_PORT, "Bolt"),
            (http_port, previous.http_port, DEFAULT_HTTP_PORT, "HTTP"),
        ):
            if asked is not None:
                if asked in chosen or not port_is_free(asked):
                    flag = "--bolt-port" if what == "Bolt" else "--http-port"
                    raise Neo4jServerError(
                        f"Port {asked} asked for {what} is already in use on 127.0.0.1.",
                        recovery=f"Pick another port with {flag}, leave it out to let "
                        "elfgraph choose a free one, or stop what listens there "
                        f"(`ss -ltnp | grep {asked}`).",
                    )
                chosen.append(asked)
                continue
            for candidate in (remembered, default):
                if candidate and candidate not in chosen and port_is_free(candidate):
                    chosen.append(candidate)
                    break
            else:
                chosen.append(ephemeral_port(set(chosen)))
        return chosen[0], chosen[1]

    def _write_config(
        self, state: ServerState, page_cache: str, settings: Mapping[str, str]
    ) -> None:
        conf_dir = self.home / "conf"
        for sub in ("conf", "data", "logs", "run", "import", "plugins"):
            (self.home / sub).mkdir(parents=True, exist_ok=True)
        lines = [
            "# Written by `elfgraph neo4j start`; rewritten at every start.",
            "server.default_listen_address=127.0.0.1",
            "server.default_advertised_address=127.0.0.1",
            f"server.bolt.listen_address=127.0.0.1:{state.bolt_port}",
            f"server.bolt.advertised_address=127.0.0.1:{state.bolt_port}",
            f"server.http.listen_address=127.0.0.1:{state.http_port}",
            f"server.http.advertised_address=127.0.0.1:{state.http_port}",
            "server.https.enabled=false",
            f"server.directories.data={self.home / 'data'}",
            f"server.directories.logs={self.home / 'logs'}",
            f"server.directories.run={self.home / 'run'}",
            f"server.directories.import={self.home / 'import'}",
            f"server.directories.plugins={self.home / 'plugins'}",
            f"server.memory.pagecache.size={page_cache}",
            f"dbms.security.auth_enabled={'true' if state.auth else 'false'}",
            "dbms.usage_report.enabled=false",
            "db.tx_log.rotation.retention_policy=256M size",
            *(f"{name}={value}" for name, value in settings.items()),
        ]
        (conf_dir / "neo4j.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def _launch(self, chosen: Release, java: Java, lib: Path, heap: str) -> subprocess.Popen[bytes]:
        flags = [*_JVM_FLAGS, *chosen.jvm_flags]
        if java.major >= 21:
            flags.append("--enable-native-access=ALL-UNNAMED")
        command = [
            str(java.executable),
            f"-Xms{heap}",
            f"-Xmx{heap}",
            *flags,
            "-cp",
            f"{lib}/*",
            chosen.entry_point,
            f"--home-dir={self.home}",
            f"--config-dir={self.home / 'conf'}",
        ]
        env = dict(os.environ, NEO4J_HOME=str(self.home), NEO4J_CONF=str(self.home / "conf"))
        console = (self.home / "logs" / "console.log").open("ab")
        try:
            return subprocess.Popen(
                command,
                cwd=self.home,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=console,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # outlives the CLI; not killed by the terminal's ^C
            )
        finally:
            console.close()

    def _wait_until_ready(
        self, process: subprocess.Popen[bytes], state: ServerState, timeout: float
    ) -> None:
        from neo4j.exceptions import DriverError, Neo4jError  # the driver only when starting

        assert state.bolt_port is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                if port_accepts(state.bolt_port):
                    raise Neo4jServerError(
                        f"Another process took Bolt port {state.bolt_port} while Neo4j "
                        "started, and Neo4j exited.",
                        recovery="Start again: elfgraph then picks a free port (or give one "
                        "with --bolt-port).",
                    )
                raise Neo4jServerError(
                    f"Neo4j exited during start-up (code {process.returncode}).\n"
                    f"{self._log_tail()}",
                    recovery=f"Read {self.home / 'logs'} (console.log, neo4j.log, debug.log); "
                    "a port taken meanwhile or too little memory are the usual causes.",
                )
            # Only this server is logged in to: one that answers on the port but is not
            # ours (it took the port first) must not be sent this instance's password, or
            # have it set as its own.
            ours = listens_on(process.pid, state.bolt_port)
            if ours or (ours is None and port_accepts(state.bolt_port)):
                try:
                    self._check_credentials(state)
                    return
                except (DriverError, Neo4jError):
                    pass  # Bolt is up but the database is not serving yet
            time.sleep(0.3)
        raise Neo4jServerError(
            f"Neo4j did not answer on Bolt port {state.bolt_port} within {timeout:.0f} s.\n"
            f"{self._log_tail()}",
            recovery=f"Read {self.home / 'logs'}; start again with a longer --timeout.",
        )

    def _check_credentials(self, state: ServerState) -> None:
        """Verify the stored password works; on a fresh database, set it first."""
        from neo4j import GraphDatabase
        from neo4j.exceptions import AuthError, Neo4jError

        uri = f"bolt://127.0.0.1:{state.bolt_port}"
        if not state.auth:
            with GraphDatabase.driver(uri, auth=None) as driver:
                driver.verify_connectivity()
            return
        assert state.password is not None
        try:
            with GraphDatabase.driver(uri, auth=(state.username, state.password)) as driver:
                driver.verify_connectivity()
            return
        except AuthError:
            pass
        # A new database only knows neo4j/neo4j, which must be changed before any use.
        try:
            with GraphDatabase.driver(uri, auth=_DEFAULT_CREDENTIALS) as driver:
                driver.execute_query(
                    "ALTER CURRENT USER SET PASSWORD FROM $old TO $new",
                    old=_DEFAULT_CREDENTIALS[1],
                    new=state.password,
                    database_="system",
                )
        except (AuthError, Neo4jError) as exc:
            raise Neo4jServerError(
                f"The local Neo4j at {self.home} refuses the password in its state file.",
                recovery="If you changed it, put it back, or remove the instance's data "
                f"folder ({self.home / 'data'}) to start from an empty database.",
            ) from exc

    def _log_tail(self, lines: int = 12) -> str:
        chunks: list[str] = []
        for name in ("console.log", "neo4j.log"):
            path = self.home / "logs" / name
            if path.exists():
                tail = path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
                if tail:
                    chunks.append(f"--- {path} ---\n" + "\n".join(tail))
        return "\n".join(chunks)

    # ---- stop -------------------------------------------------------------------------

    def stop(self, timeout: float = 60.0) -> bool:
        """Stop the server; True when one was running. Leaves no Java process behind."""
        with file_lock(self.home / ".start.lock"):
            state = self.state()
            if not state or not state.pid:
                return False
            was_running = is_server_process(state.pid, self.home)
            if was_running:
                terminate(state.pid, self.home, timeout)
                if is_server_process(state.pid, self.home):
                    raise Neo4jServerError(
                        f"Neo4j (pid {state.pid}) did not stop.",
                        recovery=f"Kill it by hand: `kill -9 {state.pid}`.",
                    )
            write_state(self.home, state.model_copy(update={"pid": None}))
            return was_running
