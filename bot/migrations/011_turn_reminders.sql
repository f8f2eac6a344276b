-- Turn reminders: a player to move who has used most of a long turn is mentioned once. `reminded` is
-- the match's version (its number of moves) whose reminder was sent, so each turn gets one; players and
-- servers may turn reminders off; and the outbox takes reminder notes, so a reminder the bot could not
-- post (it stopped, Discord refused) is posted later, once, like any other change.
ALTER TABLE matches ADD COLUMN reminded INTEGER;
ALTER TABLE players ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
CREATE TABLE guild_settings (
    guild_id  INTEGER PRIMARY KEY,
    reminders INTEGER NOT NULL DEFAULT 1
);

-- SQLite changes a CHECK only by building the table again; its ids go on from where they were (an id
-- names its post, as a nonce).
CREATE TABLE outbox_new (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id     INTEGER REFERENCES matches(id),
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    kind         TEXT NOT NULL CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw', 'resign', 'timeout',
                                               'reminder')),
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
