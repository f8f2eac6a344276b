-- Takebacks: in a two-player match the player who just moved may ask to take the move back. `takeback`
-- is the seat whose request stands (cleared by the next move, as a draw offer is); `undone` counts the
-- moves taken back so far, so that a match's stamp (moves played + 2 · undone) grows with every change
-- of its position and a panel or button made before a takeback is known to be stale. The outbox takes
-- the request, the takeback and a declined request.
ALTER TABLE matches ADD COLUMN takeback INTEGER;
ALTER TABLE matches ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;

-- SQLite changes a CHECK only by building the table again; its ids go on from where they were (an id
-- names its post, as a nonce).
CREATE TABLE outbox_new (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id     INTEGER REFERENCES matches(id),
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    kind         TEXT NOT NULL CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw', 'resign', 'timeout',
                                               'reminder', 'takeback-ask', 'takeback', 'takeback-no')),
    version      INTEGER,
    seat         INTEGER,
    via          TEXT,
    due          REAL NOT NULL,
    created_at   REAL NOT NULL,
    behind       INTEGER NOT NULL DEFAULT 0
);
INSERT INTO outbox_new (id, match_id, challenge_id, kind, version, seat, via, due, created_at, behind)
SELECT id, match_id, challenge_id, kind, version, seat, via, due, created_at, behind FROM outbox;
CREATE TEMP TABLE outbox_ids AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
DELETE FROM sqlite_sequence WHERE name IN ('outbox', 'outbox_new');
INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox', max(seq) FROM (
    SELECT seq FROM outbox_ids UNION ALL SELECT max(id) FROM outbox) AS known HAVING max(seq) IS NOT NULL;
DROP TABLE outbox_ids;
CREATE INDEX outbox_due ON outbox(due);
CREATE INDEX outbox_match ON outbox(match_id);
