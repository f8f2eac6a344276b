-- A change made outside any interaction (a computer's move, a time-out) is committed first and posted
-- after. Until it has been posted, `unposted` says what to post ('move' or 'timeout') and
-- `unposted_due` from when another process (or this one, after a restart) should post it instead.
ALTER TABLE matches ADD COLUMN unposted TEXT;
ALTER TABLE matches ADD COLUMN unposted_due REAL;
CREATE INDEX matches_unposted ON matches(unposted_due) WHERE unposted IS NOT NULL;
