"""The guide's entries: what each MemorySystem method is for, written once for every face.
Text fields carry elfgraph.faces markers ({op:dream}, {arg:top_k=5}, {ids}) that the
guide renders for the face asking; `example` is the Python example (the same call as data,
for the command line and the MCP server, is in elfgraph.guide.examples)."""

from __future__ import annotations

from elfgraph.guide.model import AgentGuide


def _entry(name: str, *fields: str) -> tuple[str, AgentGuide]:
    return name, AgentGuide(name, *fields)


GUIDES: dict[str, AgentGuide] = dict(
    [
        _entry(
            "open",
            "Connect to Neo4j and open one space (one agent's memory).",
            "At start-up, when the object must outlive one block of code (a server).",
            "Short scripts: use managed(), which also closes.",
            "Fast: a connection, pending schema migrations, one read.",
            "MemorySystem.",
            "begin_session() or session(); close() at the end.",
            'memory = await MemorySystem.open("my-agent")\n...\nawait memory.close()',
        ),
        _entry(
            "managed",
            "open() as an async context manager that closes (and ends the session) on exit.",
            "Scripts, tests, one task's worth of work.",
            "A long-running process that keeps memory open: use open() and close().",
            "Fast: as open().",
            "MemorySystem, closed on exit.",
            "session() inside it.",
            'async with MemorySystem.managed("my-agent") as memory:\n'
            '    await memory.remember("The CI runs on 2 cores.")',
        ),
        _entry(
            "close",
            "End the open session (its hours are kept) and release the connection.",
            "When a MemorySystem from open() is no longer needed.",
            "Inside managed(): it closes for you.",
            "Instant: one write when a session is open.",
            "None.",
            "Nothing: the object is done.",
            "await memory.close()",
        ),
        _entry(
            "begin_session",
            "Start a working session: the memory clock (active hours) runs while it is open.",
            "The agent starts a task; remember() begins one for you.",
            "A session is already open (it is idempotent, but end it when the task ends).",
            "Instant: one write.",
            "The session id (str).",
            "learn / recall / frame during the task; end_session() after.",
            'session_id = await memory.begin_session("coding")',
        ),
        _entry(
            "end_session",
            "Close the session and add its hours to the space's clock.",
            "The task is over, or the agent goes idle for a long time.",
            "Mid-task: memory ages only while sessions are open.",
            "Instant: one write.",
            "The session's hours (float); 0.0 when none was open.",
            "dream() if the inbox filled up.",
            "hours = await memory.end_session()",
        ),
        _entry(
            "session",
            "begin_session() + end_session() around a block; dreams on exit when the inbox "
            "is full.",
            "Wrapping one task's work.",
            "Code that cannot use `async with`: call begin_session / end_session.",
            "Instant: plus a dream when the inbox holds inbox_threshold blocks.",
            "The MemorySystem itself.",
            "Nothing: the session is closed for you.",
            'async with memory.session("research"):\n    await memory.learn("...")',
        ),
        _entry(
            "learn",
            "Store one knowledge block in the inbox (fast: no embedding, no LLM call).",
            "The agent meets a fact, preference, decision or observation worth keeping "
            "beyond this conversation. Pass occurred_at (ISO date or date-time: when it "
            "happened or was said) and speaker (who said it) when known: recall then answers "
            "'what did Maria say in May'.",
            "Text that only matters for the current turn, or is already in the prompt.",
            "Instant: one write.",
            "LearnResult(block_id, status): 'created' or 'duplicate_rejected' (the same text "
            "is already in the inbox).",
            "{op:dream} once several blocks are waiting; until then the block is found by "
            "its words only, marked pending.",
            'result = await memory.learn("User prefers dark mode", ["preference"])',
        ),
        _entry(
            "remember",
            "Store one fact, preference, decision or observation worth keeping beyond this "
            "conversation (in the inbox: no embedding, no LLM call); a session opens "
            "first when none is open.",
            "The agent meets something worth keeping; it is findable by its words at once "
            "(marked pending) and fully after {op:dream}.",
            "Text that only matters for the current turn, or is already in the prompt.",
            "Instant: one or two writes.",
            "LearnResult(block_id, status): 'created', or 'duplicate_rejected' when the same "
            "text already waits in the inbox. Keep the block_id to cite the block later.",
            "{op:dream} once several blocks are waiting.",
            'await memory.remember("We move to Lisbon.", occurred_at="2023-05-08", '
            'speaker="Maria")',
        ),
        _entry(
            "learn_many",
            "learn() for a batch (strings or dicts with content/tags/category/source/"
            "occurred_at/speaker) in one round trip; occurred_at= and speaker= set the batch's.",
            "Importing notes, a transcript, or an end-of-task list of findings.",
            "One block: learn() reads better.",
            "Instant: one write for the whole batch; one bad item stores nothing.",
            "list[LearnResult], in order.",
            "dream().",
            'await memory.learn_many(["fact one", {"content": "fact two", "tags": ["x"]}])',
        ),
        _entry(
            "consolidate",
            "Embed every inbox block, drop near-duplicates, let newer blocks supersede older "
            "ones, and link related blocks with weighted edges.",
            "You want consolidation now even if the inbox looks empty to you.",
            "Every few learns: dream() skips the work when there is nothing to do.",
            "Slow: embeddings for every inbox block, plus an LLM call per block when an LLM "
            "is configured (skip_llm=True avoids them).",
            "ConsolidateResult(processed, promoted, deduplicated, edges_created, "
            "contradictions_detected, superseded).",
            "{op:recall} / {op:frame} now rank the new blocks fully.",
            "result = await memory.consolidate(skip_llm=True)",
        ),
        _entry(
            "dream",
            "File what was remembered: embed the waiting blocks, drop near-duplicates "
            "(their ids then name the block they repeat), link related blocks.",
            "After remembering, at the end of a task, or when {op:status} says the inbox is full.",
            "Right after every single fact: batching is cheaper.",
            "Slow: an embedding per waiting block (plus an LLM call each when one is "
            "configured); one read when the inbox is empty.",
            "ConsolidateResult(processed, promoted, deduplicated, edges_created, "
            "contradictions_detected, superseded), or nothing when the inbox was empty.",
            "{op:recall} / {op:frame}.",
            "result = await memory.dream()\nprint(result)",
        ),
        _entry(
            "recall",
            "The best blocks for a query ({arg:top_k}: 5 unless configured), ranked by "
            "similarity, confidence, recency, centrality and reinforcement; blocks not "
            "dreamed yet come too when their words match, marked pending. Changes nothing.",
            "The agent needs facts about something, or block ids to connect or rate.",
            "Building prompt context: {op:frame} renders it and reinforces what was used.",
            "Fast: one database round trip and one embedding.",
            "The blocks (id, content, tags, score and its components, pending); each id, "
            "or its first 6+ characters, is what {op:outcome} and {op:connect} take.",
            "{op:outcome} on the blocks that helped; {op:connect} blocks that belong together.",
            'for block in await memory.recall("deploy steps", top_k=5):\n    print(block)',
        ),
        _entry(
            "frame",
            "Context for a prompt: recall rendered within the frame's token budget; the "
            "returned blocks are reinforced.",
            "Before answering or planning: 'attention' for a question, 'self' for the "
            "agent's identity and values, 'task' for goals plus context.",
            "You only need ids or want no side effects: {op:recall}.",
            "Fast: one round trip plus one write ('self' is cached for an hour).",
            "FrameResult(text, blocks, frame_name, cached, block_count).",
            "Put the text in the prompt; {op:outcome} afterwards.",
            'context = await memory.frame("attention", "how do we deploy?")\nprompt = context.text',
        ),
        _entry(
            "outcome",
            "Tell memory how much some blocks helped: {arg:signal=0.0} misled … "
            "{arg:signal=1.0} helped. Ids may be whole or their first 6+ characters.",
            "After using recalled blocks, once you know whether they were right or useful.",
            "You have no evidence either way (0.5 changes only confidence, slightly).",
            "Instant: one write.",
            "OutcomeResult(ids_matched, blocks_updated, mean_confidence_delta, "
            "edges_reinforced, blocks_penalized, outcome_edges_created). An unknown id or "
            "an ambiguous prefix is an error naming it, and nothing changes.",
            "Nothing; good blocks now rank higher and are linked together.",
            "await memory.outcome(memory.last_recall_block_ids, 0.9, source='tests passed')",
        ),
        _entry(
            "connect",
            "Assert that two blocks are related: a typed, weighted edge that is the agent's "
            "own (never decayed, never displaced).",
            "You notice a relationship the memory has not captured: one block supports, "
            "elaborates, contradicts or depends_on another.",
            "You lack ids ({op:connect_by_query}), or you have not read both blocks.",
            "Instant: one write, no LLM.",
            "ConnectResult(action 'created' | 'reinforced' | 'updated' | 'skipped', relation, "
            "weight, displaced_edge when a weaker automatic edge made room).",
            "Nothing; {op:disconnect} undoes it.",
            "await memory.connect(memory.last_learned_block_id,\n"
            '                     memory.last_recall_block_ids[0], "elaborates",\n'
            '                     note="adds the reason")',
        ),
        _entry(
            "disconnect",
            "Remove the edge between two blocks.",
            "An edge is wrong: two blocks look alike but are unrelated, or you connected "
            "the wrong ones.",
            "The edge is merely weak: {op:curate} lets weak edges fade on their own.",
            "Instant: one write.",
            "DisconnectResult(action 'removed' | 'not_found' | 'guarded').",
            "Nothing; the edge no longer brings one block along with the other.",
            'await memory.disconnect(a_id, b_id, guard_relation="similar")',
        ),
        _entry(
            "connect_by_query",
            "Find the best block for each of two queries and connect them when both match "
            "surely (cosine ≥ min_confidence).",
            "You can describe both blocks but do not have their ids.",
            "You have the ids: connect() is exact.",
            "Fast: two recalls and one write.",
            "ConnectByQueryResult with both blocks' content (check it!) and the "
            "ConnectResult; action 'insufficient_confidence' / 'same_block' / "
            "'dry_run_preview' connect nothing.",
            "Read source_content and target_content; disconnect() if they are wrong.",
            'await memory.connect_by_query("deploy script", "AWS credentials",\n'
            '                              "depends_on", dry_run=True)',
        ),
        _entry(
            "connects",
            "connect() for several edges in one transaction; failures are reported, not raised.",
            "End-of-task reflection: several relationships to record at once.",
            "One edge: connect() raises its errors directly.",
            "Instant: one write for all.",
            "ConnectsResult(results, created, reinforced, updated, skipped, errors).",
            "Look at errors: each has the spec's index and a recovery.",
            'await memory.connects([{"source": a, "target": b, "relation": "supports"}])',
        ),
        _entry(
            "forget",
            "Delete blocks for good, in any status, with every trace of their text: edges, "
            "their ids in outcome records and co-retrieval pairs, the copies other blocks "
            "absorbed (those give the text back), the near-duplicates dream archived into "
            "them, inbox copies, and every process's caches. The space keeps a tombstone "
            "per block (when, the reason), never its id or text.",
            "The user asks to forget something (a secret pasted by mistake, personal data, a "
            "deletion request), or a block is junk that must not come back.",
            "A fact merely changed: {op:correct} keeps its confidence and your edges. A "
            "block that only faded: {op:curate} archives it. You have no ids, only words: "
            "{op:forget_matching} previews the blocks that hold them. Unsure: "
            "{arg:dry_run=True} shows what would go, with the texts.",
            "Fast: one read, then one write per 500 blocks; an embedding per block whose "
            "vector leaned on a forgotten one.",
            "ForgetResult(blocks, inbox, active, archived, near_duplicates, inbox_copies, "
            "edges_removed, texts_given_back, vectors_refreshed, outcomes_edited, "
            "co_retrievals_removed, receipt). Ids are whole or 6+ characters, exactly: a "
            "near-duplicate's id names it, not its survivor. An unknown or ambiguous id is "
            "an error and nothing changes.",
            "Nothing: no recall, frame or dream in any process returns them again. An "
            "export made before still holds them.",
            'result = await memory.forget(["1c8afd05"], reason="user asked")\nprint(result)',
        ),
        _entry(
            "forget_matching",
            "Find the blocks whose text contains some words (any case, any status) and "
            "preview them with their texts; with {arg:dry_run=False}, forget them.",
            "The user asks to forget everything about something (a name, a number, a key) "
            "and you have no ids.",
            "You have the ids: {op:forget} is exact. Words that many blocks share: read "
            "the preview first, always.",
            "Fast: a scan of the space's texts on the server, then as {op:forget}.",
            "ForgetResult with the blocks and their content when previewing (the default), "
            "more_matching when more than {arg:limit=100} matched.",
            "Check the blocks, then {op:forget} their ids (or run again with {arg:dry_run=False}).",
            'preview = await memory.forget_matching("555-0199")\n'
            "for block in preview.blocks:\n    print(block)\n"
            'await memory.forget(preview.block_ids, reason="phone number")',
        ),
        _entry(
            "correct",
            "Replace a fact that changed: the new text becomes an active block at once "
            "(recalled without a dream) with the old block's tags, category and confidence; "
            "your edges (connect) move to it; the old block is archived and its id names "
            "the new one.",
            "A recalled fact is wrong or out of date, and you know what is true now.",
            "The old text must vanish altogether (a secret, personal data): {op:forget}. "
            "New knowledge beside the old: {op:remember}.",
            "Fast: one embedding and one write.",
            "CorrectResult(old_id, new_id, confidence, edges_moved, edges_dropped). The "
            "automatic edges of the old text are dropped; frames and outcomes link the new "
            "block again as it is used.",
            "{op:recall} returns the new text; {op:outcome} when it proves right.",
            'await memory.correct("1c8afd05", "The staging DB is read-only on Mondays.",\n'
            '                     reason="the schedule moved")',
        ),
        _entry(
            "curate",
            "Maintenance: archive blocks that decayed, prune weak edges, let unused edges "
            "fade, reinforce the agent's core blocks.",
            "{op:status} says curate is due or overdue; it also runs by itself when due "
            "when a session begins and after {op:dream}, and from cron (`elfgraph curate`).",
            "Every few minutes: it is due every 40 active hours.",
            "Batch: set-based queries over the whole space; seconds at 100k blocks.",
            "CurateResult(archived, edges_pruned, edges_decayed, reinforced, "
            "constitutional_reinforced, total_edges_after, decayed_sample); "
            "skipped_reason 'busy' (another run holds the space) or 'not_due' "
            "({arg:if_due=True}).",
            "Nothing.",
            "result = await memory.curate(if_due=True)\nprint(result)",
        ),
        _entry(
            "should_curate",
            "Whether curate() is due: never run, or 40 active hours since the last run.",
            "Deciding whether to curate by hand.",
            "Before begin_session() or after consolidate(): they check it already.",
            "Instant: one read.",
            "bool.",
            "curate() when True.",
            "if await memory.should_curate():\n    await memory.curate()",
        ),
        _entry(
            "now_hours",
            "The memory clock now, in active hours.",
            "Reasoning about how old memories are in the memory's own time.",
            "Wall-clock time: the memory clock only runs inside sessions.",
            "Instant: one read outside a session.",
            "float.",
            "Nothing.",
            "hours = await memory.now_hours()",
        ),
        _entry(
            "status",
            "A snapshot of the space: counts, clock, session, health and one suggestion.",
            "Deciding what to do next ({op:dream}? {op:curate}?), or when something looks wrong.",
            "In a tight loop: it reads the database.",
            "Fast: one read.",
            "SystemStatus(... health 'good' | 'attention' | 'degraded', suggestion).",
            "Follow the suggestion.",
            "status = await memory.status()\nprint(status.suggestion)",
        ),
        _entry(
            "history",
            "The last operations this MemorySystem ran, with their summaries (in memory, "
            "the last 100).",
            "A result surprised you and you want to see what ran before it.",
            "Audit across processes or restarts: history is per object.",
            "Instant: no database.",
            "list[OperationRecord(operation, summary, timestamp)], oldest first.",
            "Nothing.",
            "for record in memory.history(5):\n    print(record)",
        ),
        _entry(
            "view",
            "Another handle on this open memory, for another agent of the same process: "
            "shared caches, its own session, breadcrumbs and history.",
            "A server or a framework that runs several agents on one space in one process.",
            "One agent: use the memory itself. Other processes: open their own, or connect to "
            "the service (elfgraph.connect).",
            "Instant: no database.",
            "MemorySystem (closing it ends its session only).",
            "begin_session() on the view.",
            "helper = memory.view()\nawait helper.begin_session()",
        ),
        _entry(
            "resume_session",
            "Continue a session another MemorySystem began, here or in another process.",
            "Handing an agent's work over to another process (the service does it for you).",
            "A session that has ended: begin a new one.",
            "Fast: one read.",
            "The session id.",
            "Work as in any session; end_session() when done.",
            "await memory.resume_session(session_id)",
        ),
        _entry(
            "export",
            "Write the space to an export file (JSON Lines, .gz compresses).",
            "Backups, moving a space to another database, handing it to someone.",
            "As an exact copy while agents write to it: the pages are read one after another.",
            "Batch: seconds for 10,000 blocks, a page at a time.",
            "ExportResult(counts, bytes, seconds).",
            "elfgraph import the file elsewhere.",
            'await memory.export("my-agent.jsonl.gz")',
        ),
        _entry(
            "guide",
            "This guide: the overview, or one operation in detail.",
            "You are unsure which method fits, or how to call it.",
            "There is no bad time: it is static text.",
            "Instant: no database.",
            "str.",
            "Call the method it describes.",
            'print(memory.guide("recall"))',
        ),
    ]
)
