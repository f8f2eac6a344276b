-- How many moves had been played when a seat's player left (a computer then plays on for them), so that
-- an analysis credits the seat's moves before that to its player and those after it to the computer. A
-- seat left before this column counts the moves played before the time it was left. From here on an
-- analysis's `seconds` are those the whole analysis took: its positions are searched by a budget of work
-- kept in `data`, not for a time (engines/analysis.py).
ALTER TABLE seats ADD COLUMN left_ply INTEGER;
UPDATE seats SET left_ply = (SELECT COUNT(*) FROM moves WHERE moves.match_id = seats.match_id
                             AND moves.played_at < seats.left_at)
WHERE left_at IS NOT NULL;
