// name: claim_warm_up
// mode: write
// returns: one
// params: started, now
// Claims the warm-up of the server run that started at $started: `claimed` is true for the
// one caller that claims it, false when this run was claimed already (by another worker or
// process, or by a warm-up that did not finish). `unfinished`: the start time a claimed
// warm-up before this one had and never finished, so that its scratch space is dropped now.
// The write comes before the read: it takes the node's lock, so a second caller reads the
// first one's claim once it committed, not the value from before it.
MERGE (w:ServerWarmUp {key: 'jvm'})
SET w.last_asked_at = $now
WITH w, w.started AS previous, w.finished_at IS NULL AS previous_unfinished
WITH w, previous, previous_unfinished, previous IS NULL OR previous <> $started AS claimed
SET w.started = CASE WHEN claimed THEN $started ELSE w.started END,
    w.claimed_at = CASE WHEN claimed THEN $now ELSE w.claimed_at END,
    w.finished_at = CASE WHEN claimed THEN null ELSE w.finished_at END,
    w.seconds = CASE WHEN claimed THEN null ELSE w.seconds END
RETURN claimed,
       CASE WHEN claimed AND previous IS NOT NULL AND previous_unfinished THEN previous END
         AS unfinished
