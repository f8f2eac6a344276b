-- Whether a change was made while earlier changes of its match were not shown yet: the "thinking…"
-- reply of its interaction may then be above their messages, and is not filled in by whoever takes the
-- note over (the change is posted below them instead).
ALTER TABLE outbox ADD COLUMN behind INTEGER NOT NULL DEFAULT 0;
