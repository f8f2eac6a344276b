-- PostgreSQL's copy of 014_seat_left_ply.sql (kept in step).
ALTER TABLE seats ADD COLUMN left_ply BIGINT;
UPDATE seats SET left_ply = (SELECT COUNT(*) FROM moves WHERE moves.match_id = seats.match_id
                             AND moves.played_at < seats.left_at)
WHERE left_at IS NOT NULL;
