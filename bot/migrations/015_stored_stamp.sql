-- A match's stamp, stored: a number that grows with every change of its position, carried by whatever
-- was made for one position (a Move panel, a Take back button, a takeback request's buttons, the board
-- /games links to) so that it is refused once the position has changed. It was worked out as moves
-- played + 2 · moves taken back (`undone`); each match keeps that value, so that every button made
-- before the upgrade is taken or refused as before, and each change adds to it in its own transaction:
-- a move 1, a takeback the number of moves it takes back.
ALTER TABLE matches ADD COLUMN stamp INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET stamp = (SELECT COUNT(*) FROM moves WHERE moves.match_id = matches.id) + 2 * undone;
