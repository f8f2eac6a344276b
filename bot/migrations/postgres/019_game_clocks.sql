-- PostgreSQL's copy of 019_game_clocks.sql (kept in step).
ALTER TABLE challenges ADD COLUMN clock_seconds INTEGER;
ALTER TABLE challenges ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN clock_seconds INTEGER;
ALTER TABLE matches ADD COLUMN clock_increment INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN clock_seat INTEGER;
ALTER TABLE matches ADD COLUMN clock_since DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN ping_message BIGINT;
ALTER TABLE seats ADD COLUMN clock DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN warned INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw',
                                                                    'resign', 'timeout', 'reminder', 'takeback-ask',
                                                                    'takeback', 'takeback-no', 'low-time'));
