// name: claim_warm_up
// mode: write
// returns: scalar
// params: started, now
// Claims the warm-up of the server run that started at $started: true for the one caller
// that claims it, false when this run was already claimed (by another worker or process,
// or by a warm-up that did not finish; that one's scratch space goes at the next run's).
MERGE (w:ServerWarmUp {key: 'jvm'})
WITH w, w.started IS NULL OR w.started <> $started AS claimed
SET w.started = CASE WHEN claimed THEN $started ELSE w.started END,
    w.claimed_at = CASE WHEN claimed THEN $now ELSE w.claimed_at END
RETURN claimed
