-- PostgreSQL's copy of 006_outbox_behind.sql (kept in step).
ALTER TABLE outbox ADD COLUMN behind INTEGER NOT NULL DEFAULT 0;
