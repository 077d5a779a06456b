"""Running the service: uvicorn, one process or `workers` of them (each with its own open
spaces), TLS when given a certificate."""

from __future__ import annotations

import os
from typing import Any

from elfgraph.server.options import ServeOptions


def uvicorn_options(options: ServeOptions) -> dict[str, Any]:
    found: dict[str, Any] = {
        "host": options.host,
        "port": options.port,
        "log_level": "warning",
        "access_log": False,  # the operations log themselves (-v); a key is never logged
        "lifespan": "on",
        "timeout_graceful_shutdown": 10,
    }
    if options.ssl_certfile:
        found["ssl_certfile"] = options.ssl_certfile
        found["ssl_keyfile"] = options.ssl_keyfile
    return found


def serve(options: ServeOptions) -> None:
    """Serve until interrupted."""
    import uvicorn

    if options.workers > 1:
        os.environ["ELFGRAPH_SERVE_OPTIONS"] = options.model_dump_json()
        uvicorn.run(
            "elfgraph.server.app:create_app",
            factory=True,
            workers=options.workers,
            **uvicorn_options(options),
        )
        return
    from elfgraph.server.app import Service, build_app

    uvicorn.run(build_app(Service(options)), **uvicorn_options(options))
