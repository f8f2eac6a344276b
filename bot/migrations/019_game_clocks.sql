-- Live play: a challenge or match played on a game clock (clock_seconds per player at the start, plus
-- clock_increment seconds after each move) instead of a time per move. NULL clock_seconds: played by
-- correspondence, as before. In a clocked match, seats.clock is each seat's time left when its clock
-- last stopped (or, for the seat to move, when its clock started, at matches.clock_since), clock_seat
-- is the seat whose clock runs (NULL: none runs), and matches.deadline is when it runs out.
-- seats.warned: its player was told their time is low. matches.ping_message: the live board's message
-- that pings the player to move, deleted once they have moved.
ALTER TABLE challenges ADD COLUMN clock_seconds INTEGER;
ALTER TABLE challenges ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN clock_seconds INTEGER;
ALTER TABLE matches ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN clock_seat INTEGER;
ALTER TABLE matches ADD COLUMN clock_since REAL;
ALTER TABLE matches ADD COLUMN ping_message INTEGER;
ALTER TABLE seats ADD COLUMN clock REAL;
ALTER TABLE seats ADD COLUMN warned INTEGER NOT NULL DEFAULT 0;

-- The outbox takes the low-time warning ('low-time'). SQLite changes a CHECK only by building the table
-- again; its ids go on from where they were (an id names its post, as a nonce).
CREATE TABLE outbox_new (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id     INTEGER REFERENCES matches(id),
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    kind         TEXT NOT NULL CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw', 'resign', 'timeout',
                                               'reminder', 'takeback-ask', 'takeback', 'takeback-no', 'low-time')),
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
