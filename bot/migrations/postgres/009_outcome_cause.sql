-- PostgreSQL's copy of 009_outcome_cause.sql (kept in step).
ALTER TABLE matches ADD COLUMN cause TEXT;
UPDATE matches SET cause = CASE
    WHEN reason LIKE '% resigned' THEN 'resignation'
    WHEN reason LIKE '% ran out of time' THEN 'time'
    WHEN reason = 'draw agreed' THEN 'agreement'
    ELSE 'rules'
END
WHERE status = 'finished';
