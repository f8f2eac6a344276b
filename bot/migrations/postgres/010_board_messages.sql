-- PostgreSQL's copy of 010_board_messages.sql (kept in step).
ALTER TABLE matches ADD COLUMN board_message BIGINT;
ALTER TABLE matches ADD COLUMN board_version INTEGER;
