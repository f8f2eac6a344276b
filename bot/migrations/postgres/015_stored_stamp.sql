-- PostgreSQL's copy of 015_stored_stamp.sql (kept in step).
ALTER TABLE matches ADD COLUMN stamp BIGINT NOT NULL DEFAULT 0;
UPDATE matches SET stamp = (SELECT COUNT(*) FROM moves WHERE moves.match_id = matches.id) + 2 * undone;
