-- PostgreSQL's copy of 016_outcome_words.sql (kept in step).
ALTER TABLE matches ADD COLUMN reason_words TEXT;
