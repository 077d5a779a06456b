"""connects(): several connect() calls in one transaction; a spec that fails is reported
with its index and recovery, and the others still apply."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from elfgraph.config.memory import MemoryConfig
from elfgraph.edges.connect import EdgeRequest, check_request, connect_in
from elfgraph.edges.models import ConnectResult, ConnectSpec, ConnectsResult, EdgeError
from elfgraph.errors import ConnectError, ElfgraphError
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


async def connect_many(
    database: Database,
    space: str,
    specs: object,
    *,
    config: MemoryConfig,
    now_hours: float | None,
) -> ConnectsResult:
    """Check every spec, apply the good ones in order in one transaction, count."""
    done = await connect_all(
        database, space, check_specs(specs), config=config, now_hours=now_hours
    )
    results = [r for r in done if isinstance(r, ConnectResult)]
    actions = [r.action for r in results]
    return ConnectsResult(
        results=results,
        created=actions.count("created"),
        reinforced=actions.count("reinforced"),
        updated=actions.count("updated"),
        skipped=actions.count("skipped"),
        errors=[r for r in done if not isinstance(r, ConnectResult)],
    )


def check_specs(specs: object) -> list[EdgeRequest | EdgeError]:
    """Each spec checked on its own: a bad one becomes its EdgeError, the rest go on."""
    if isinstance(specs, str | bytes | dict) or not isinstance(specs, Sequence):
        raise ConnectError(
            f"connects() takes a list of edge specs, not {type(specs).__name__}.",
            recovery="Pass [ConnectSpec(source=..., target=..., relation=...), ...] or dicts "
            "with those keys.",
        )
    checked: list[EdgeRequest | EdgeError] = []
    for index, raw in enumerate(specs):
        try:
            spec = raw if isinstance(raw, ConnectSpec) else ConnectSpec.model_validate(raw)
            checked.append(
                check_request(
                    spec.source, spec.target, spec.relation, spec.weight, spec.note, spec.if_exists
                )
            )
        except ValidationError as exc:
            problem = ConnectError(
                f"spec #{index} is not an edge spec: {exc.errors()[0]['msg']}",
                recovery="Each spec needs source and target ids; relation, weight, note and "
                "if_exists are optional, as in connect().",
            )
            checked.append(_edge_error(index, raw, problem))
        except ElfgraphError as exc:
            checked.append(_edge_error(index, raw, exc))
    return checked


def _edge_error(index: int, raw: object, exc: ElfgraphError) -> EdgeError:
    def given(key: str) -> str:
        value = raw.get(key) if isinstance(raw, dict) else getattr(raw, key, None)
        return value if isinstance(value, str) else ""

    return EdgeError(
        index=index,
        source=given("source"),
        target=given("target"),
        error=type(exc).__name__,
        message=exc.message,
        recovery=exc.recovery,
    )


async def connect_all(
    database: Database,
    space: str,
    checked: list[EdgeRequest | EdgeError],
    *,
    config: MemoryConfig,
    now_hours: float | None,
) -> list[ConnectResult | EdgeError]:
    """The checked specs in order, in one transaction; a spec the graph refuses
    (inactive block, full block, if_exists='error') becomes its EdgeError."""

    async def work(tx: Transaction) -> list[ConnectResult | EdgeError]:
        done: list[ConnectResult | EdgeError] = []
        for index, item in enumerate(checked):
            if isinstance(item, EdgeError):
                done.append(item)
                continue
            try:
                done.append(await connect_in(tx, space, item, config=config, now_hours=now_hours))
            except ConnectError as exc:
                done.append(_edge_error(index, {"source": item.source, "target": item.target}, exc))
        return done

    return await database.write(work)
