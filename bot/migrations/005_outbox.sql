-- Every change players must be shown (a challenge and its answers, a match's start, a move, a
-- resignation, a draw offer or agreement, a time-out) is committed together with a note in the
-- outbox; the note is deleted once the change is posted. A note still there when it falls due (the
-- bot stopped in between, or Discord refused the post for a while) is posted by whichever process
-- finds it, once. This replaces the matches' unposted columns, which only computer moves and
-- time-outs had.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: an id names its post (a nonce)
    match_id     INTEGER REFERENCES matches(id),
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),  -- a match's challenge has the match's id
    kind         TEXT NOT NULL CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw', 'resign', 'timeout')),
    version      INTEGER,        -- the match's number of moves after the change
    seat         INTEGER,        -- whom it concerns: who moved, offered, resigned or ran out of time
    via          TEXT,           -- "<interaction id>:<token>" when an interaction's first reply posts it
    due          REAL NOT NULL,  -- from when another poster takes it over
    created_at   REAL NOT NULL
);
CREATE INDEX outbox_due ON outbox(due);
CREATE INDEX outbox_match ON outbox(match_id);

INSERT INTO outbox (match_id, challenge_id, kind, version, due, created_at)
SELECT id, id, unposted, version, unposted_due, unposted_due FROM matches WHERE unposted IS NOT NULL;

DROP INDEX matches_unposted;
ALTER TABLE matches DROP COLUMN unposted;
ALTER TABLE matches DROP COLUMN unposted_due;
