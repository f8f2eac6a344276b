-- Tournaments: an organiser's Swiss or round robin in a channel, its entrants, the tables of each round
-- (a played game is an ordinary match, linked here; a bye or a forfeit is a table with its points and
-- no match), and the news the channel is still to read (a round's pairings and standings, the final
-- standings, a cancellation), posted by whichever process takes them, once, like the outbox's notes.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,           -- where it is announced; its games get threads of it
    name         TEXT NOT NULL,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,              -- JSON, already checked by the game
    format       TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin', 'double')),
    rounds       INTEGER,                    -- planned; NULL until the start when left to the bot
    table_size   INTEGER NOT NULL,           -- players at each game (2 but for games of more)
    turn_seconds INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    max_players  INTEGER,
    organiser    INTEGER NOT NULL REFERENCES players(user_id),
    status       TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0, -- the round being played (0 before the start)
    starts_at    REAL,                       -- when sign-up closes and round 1 begins (NULL: the organiser's start)
    due          REAL,                       -- when the bot must next look at it: to start, or to pair the next round
    seed         INTEGER NOT NULL,
    created_at   REAL NOT NULL,
    started_at   REAL,
    finished_at  REAL,
    message_id   INTEGER                     -- the sign-up post
);
CREATE INDEX tournaments_guild ON tournaments(guild_id, status);
CREATE INDEX tournaments_due ON tournaments(due) WHERE due IS NOT NULL;

CREATE TABLE tournament_entrants (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    user_id         INTEGER NOT NULL REFERENCES players(user_id),
    joined_at       REAL NOT NULL,
    joined_round    INTEGER NOT NULL DEFAULT 1,  -- the first round they may be paired in
    withdrawn_round INTEGER,                     -- the first round they are no longer paired in
    number          INTEGER,                     -- starting number, given at the start (late joiners: next)
    rating          REAL,                        -- as it was at the start (or when they joined late)
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_tables (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    seats         TEXT NOT NULL,                 -- JSON: entrants' ids in seat order; one alone is a bye
    points        TEXT,                          -- JSON, per seat, for a bye or a forfeit ("1", "1/2", "0")
    match_id      INTEGER UNIQUE REFERENCES matches(id),
    UNIQUE (tournament_id, round, board)         -- a round is paired once
);

CREATE TABLE tournament_news (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    kind          TEXT NOT NULL CHECK (kind IN ('round', 'final', 'cancelled')),
    round         INTEGER NOT NULL,
    due           REAL NOT NULL,                 -- from when a process may take it (taking it moves it on)
    created_at    REAL NOT NULL,
    UNIQUE (tournament_id, kind, round)
);
CREATE INDEX tournament_news_due ON tournament_news(due);

-- A tournament's games know their tournament and round, and whether they are rated.
ALTER TABLE matches ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
ALTER TABLE matches ADD COLUMN tournament_round INTEGER;
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
-- A server may keep creating tournaments to those who manage it.
ALTER TABLE guild_settings ADD COLUMN tournaments_managers INTEGER NOT NULL DEFAULT 0;
