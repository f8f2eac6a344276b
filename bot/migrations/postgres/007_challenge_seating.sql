-- PostgreSQL's copy of 007_challenge_seating.sql (kept in step).
ALTER TABLE challenges ADD COLUMN seating TEXT;
