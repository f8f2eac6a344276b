-- PostgreSQL's copy of 013_analyses.sql (kept in step).
CREATE TABLE analyses (
    match_id   BIGINT PRIMARY KEY REFERENCES matches(id),
    data       TEXT NOT NULL,
    seconds    DOUBLE PRECISION NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
