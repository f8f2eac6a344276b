-- What ended a finished match, for code to decide by (the reason is the words for people): 'rules' (the
-- game's own end), 'resignation', 'time' (a turn timer ran out) or 'agreement' (an agreed draw); NULL
-- while the match is active. Finished matches get it from the reason the bot wrote for them: "<name>
-- resigned", "<name> ran out of time", "draw agreed", and for every other reason the game's own end.
ALTER TABLE matches ADD COLUMN cause TEXT;
UPDATE matches SET cause = CASE
    WHEN reason LIKE '% resigned' THEN 'resignation'
    WHEN reason LIKE '% ran out of time' THEN 'time'
    WHEN reason = 'draw agreed' THEN 'agreement'
    ELSE 'rules'
END
WHERE status = 'finished';
