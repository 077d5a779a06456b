"""The OpenAPI 3.1 document (GET /openapi.json) and its browsable page (GET /docs), made
from the same definitions the server and the client use: elfgraph.wire's operations, the
MemorySystem methods' signatures (the request bodies) and their pydantic result types."""

from __future__ import annotations

import functools
import inspect
import typing
from typing import Any

from pydantic import BaseModel, TypeAdapter, create_model

from elfgraph import __version__
from elfgraph.keys.models import KeyRecord
from elfgraph.memory import MemorySystem
from elfgraph.portability.models import ImportResult
from elfgraph.server.requests import parameters
from elfgraph.spaces.models import SpaceRecord
from elfgraph.wire import ERRORS, HTTP_STATUS, OPERATIONS, SESSION_HEADER

REF = "#/components/schemas/{model}"
ERROR_STATUSES = sorted({*HTTP_STATUS.values(), 400, 404, 405})

DOCS_HTML = """<!doctype html>
<html><head><title>elfgraph service</title><meta charset="utf-8">
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/swagger-ui.css">
</head><body><div id="ui"></div>
<script src="https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/swagger-ui-bundle.js"></script>
<script>SwaggerUIBundle({url: "/openapi.json", dom_id: "#ui"});</script>
</body></html>
"""


def names_with(status: int) -> list[str]:
    return [cls.__name__ for cls, given in HTTP_STATUS.items() if given == status]


class Error(BaseModel):
    """Every error: the ElfgraphError's class, what is wrong, and what to do about it."""

    error: str
    message: str
    recovery: str
    recovery_template: str | None = None
    details: dict[str, Any] | None = None


def _schema(adapter: TypeAdapter[Any], defs: dict[str, Any]) -> dict[str, Any]:
    schema = adapter.json_schema(ref_template=REF, mode="serialization")
    defs.update(schema.pop("$defs", {}))
    return schema


def _request_model(name: str) -> type[BaseModel]:
    method = getattr(MemorySystem, name)
    hints = typing.get_type_hints(method)
    fields: dict[str, Any] = {}
    for pname, param in parameters(name).items():
        if pname in OPERATIONS[name].local:
            continue
        hint = hints.get(pname, Any)
        if typing.get_origin(hint) is not None and "Iterable" in str(hint):
            hint = list[typing.get_args(hint)[0]]  # type: ignore[misc]
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[pname] = (hint, default)
    return create_model(f"{name}_arguments", **fields)


@functools.cache
def openapi_document() -> dict[str, Any]:
    defs: dict[str, Any] = {}
    error_ref = {"$ref": REF.format(model="Error")}
    defs["Error"] = Error.model_json_schema(ref_template=REF)
    defs["Error"]["properties"]["error"]["enum"] = sorted(ERRORS)
    errors = {
        str(status): {
            "description": ", ".join(
                sorted(c.__name__ for c, s in HTTP_STATUS.items() if s == status)
            )
            or "RequestError",
            "content": {"application/json": {"schema": error_ref}},
        }
        for status in ERROR_STATUSES
    }
    space = {"name": "space", "in": "path", "required": True, "schema": {"type": "string"}}
    session = {
        "name": SESSION_HEADER,
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": "The caller's open session (begin_session answers with it).",
    }
    paths: dict[str, Any] = {}
    for name, op in OPERATIONS.items():
        body = _schema(TypeAdapter(_request_model(name)), defs)
        method = getattr(MemorySystem, name)
        entry = {
            "summary": op.summary,
            "description": inspect.getdoc(method) or "",
            "operationId": name,
            "tags": [f"scope: {op.scope}"],
            "parameters": [space, session],
            "requestBody": {"content": {"application/json": {"schema": body}}},
            "responses": {
                "200": {
                    "description": "The method's result",
                    "content": {"application/json": {"schema": _schema(op.result, defs)}},
                },
                **errors,
            },
        }
        paths[op.path] = {"post": entry}
    admin_routes = {
        "/v1/spaces": {
            "get": _plain("List the spaces (database admin key)", list[SpaceRecord], defs, errors),
            "post": _plain("Create a space (database admin key)", SpaceRecord, defs, errors),
        },
        "/v1/spaces/{space}": {"delete": _plain("Drop a space and its keys", dict, defs, errors)},
        "/v1/spaces/{space}/export": {
            "get": {
                "summary": "The space as an export file (JSON Lines, docs/PORTABILITY.md)",
                "parameters": [space],
                "responses": {"200": {"description": "application/x-ndjson"}, **errors},
            }
        },
        "/v1/spaces/{space}/import": {
            "post": {
                **_plain(
                    "Import an export file (the body) into the space", ImportResult, defs, errors
                ),
                "parameters": [
                    space,
                    {"name": "merge", "in": "query", "schema": {"type": "boolean"}},
                ],
            }
        },
    }
    paths.update(admin_routes)
    defs.setdefault("KeyRecord", KeyRecord.model_json_schema(ref_template=REF))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "elfgraph",
            "version": __version__,
            "description": "Long-term memory for AI agents. Every route but /health and "
            "/ready takes 'Authorization: Bearer <key>' (elfgraph keys create).",
        },
        "components": {
            "schemas": defs,
            "securitySchemes": {"key": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{"key": []}],
        "paths": paths,
    }


def _plain(summary: str, result: Any, defs: dict[str, Any], errors: Any) -> dict[str, Any]:
    return {
        "summary": summary,
        "responses": {
            "200": {
                "description": "OK",
                "content": {"application/json": {"schema": _schema(TypeAdapter(result), defs)}},
            },
            **errors,
        },
    }
