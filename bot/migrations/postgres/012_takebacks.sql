-- PostgreSQL's copy of 012_takebacks.sql (kept in step).
ALTER TABLE matches ADD COLUMN takeback INTEGER;
ALTER TABLE matches ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('challenge', 'start', 'move', 'offer', 'draw',
                                                                    'resign', 'timeout', 'reminder', 'takeback-ask',
                                                                    'takeback', 'takeback-no'));
