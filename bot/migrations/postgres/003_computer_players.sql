-- Computer players: each level is a player (ids 1, 2, 3; Discord ids are far larger and local players'
-- are negative). A seat whose player left a game of more than two is played on by a computer: the seat
-- keeps its player (who is placed last and rated so) and records the level that stands in and when.
ALTER TABLE seats ADD COLUMN stand_in TEXT;
ALTER TABLE seats ADD COLUMN left_at DOUBLE PRECISION;

-- Several computer seats of one level may sit in one challenge: seats, not players, are its key.
CREATE TABLE challenge_seats (
    challenge_id BIGINT NOT NULL REFERENCES challenges(id),
    user_id      BIGINT NOT NULL REFERENCES players(user_id),
    seat         BIGINT NOT NULL,
    invited      BIGINT NOT NULL,
    accepted     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (challenge_id, seat)
);
INSERT INTO challenge_seats (challenge_id, user_id, seat, invited, accepted)
    SELECT challenge_id, user_id, seat, invited, accepted FROM challenge_players;
DROP TABLE challenge_players;
ALTER TABLE challenge_seats RENAME TO challenge_players;
CREATE UNIQUE INDEX one_seat_per_person ON challenge_players(challenge_id, user_id) WHERE user_id > 3 OR user_id < 1;
