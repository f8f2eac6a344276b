-- Where each active match's latest board was posted (the message id, in the match's channel or thread)
-- and the match's version it shows, so that /games can link to it; NULL until a board has been posted.
ALTER TABLE matches ADD COLUMN board_message INTEGER;
ALTER TABLE matches ADD COLUMN board_version INTEGER;
