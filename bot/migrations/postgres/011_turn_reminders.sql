-- PostgreSQL's copy of 011_turn_reminders.sql (kept in step).
ALTER TABLE matches ADD COLUMN reminded BIGINT;
ALTER TABLE players ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
CREATE TABLE guild_settings (
    guild_id  BIGINT PRIMARY KEY,
    reminders INTEGER NOT NULL DEFAULT 1
);
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw',
                                                                    'resign', 'timeout', 'reminder'));
