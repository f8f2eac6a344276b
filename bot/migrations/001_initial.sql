-- Challenges become matches with the same id; seats, the move log and ratings hang off them.
CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL
);

CREATE TABLE challenges (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,             -- JSON, already checked by the game
    players      INTEGER NOT NULL,          -- seats wanted
    challenger   INTEGER NOT NULL REFERENCES players(user_id),
    turn_seconds INTEGER NOT NULL,
    seed         INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
    created_at   REAL NOT NULL,
    expires_at   REAL NOT NULL,
    closed_at    REAL,
    closed_by    INTEGER,
    message_id   INTEGER
);
CREATE UNIQUE INDEX one_open_challenge_per_channel ON challenges(channel_id) WHERE status = 'open';
CREATE INDEX challenges_expiry ON challenges(expires_at) WHERE status = 'open';

CREATE TABLE challenge_players (
    challenge_id INTEGER NOT NULL REFERENCES challenges(id),
    user_id      INTEGER NOT NULL REFERENCES players(user_id),
    seat         INTEGER NOT NULL,
    invited      INTEGER NOT NULL,           -- named by the challenger (1) or joined an open seat (0)
    accepted     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (challenge_id, user_id),
    UNIQUE (challenge_id, seat)
);

CREATE TABLE matches (
    id           INTEGER PRIMARY KEY REFERENCES challenges(id),
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,
    game         TEXT NOT NULL,
    options      TEXT NOT NULL,
    seed         INTEGER NOT NULL,
    players      INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('active', 'finished')),
    version      INTEGER NOT NULL DEFAULT 0,  -- moves played; every change checks and bumps it
    turn_seconds INTEGER NOT NULL,
    deadline     REAL,
    draw_offer   INTEGER,                     -- seat offering a draw
    started_at   REAL NOT NULL,
    finished_at  REAL,
    reason       TEXT,
    places       TEXT                         -- JSON list of lists of seats, best first
);
CREATE UNIQUE INDEX one_active_match_per_channel ON matches(channel_id) WHERE status = 'active';
CREATE INDEX matches_deadline ON matches(deadline) WHERE status = 'active';
CREATE INDEX matches_finished ON matches(guild_id, finished_at) WHERE status = 'finished';

CREATE TABLE seats (
    match_id      INTEGER NOT NULL REFERENCES matches(id),
    seat          INTEGER NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES players(user_id),
    place         INTEGER,
    score         INTEGER,
    rating_before REAL,
    rating_after  REAL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_user ON seats(user_id);

CREATE TABLE moves (
    match_id  INTEGER NOT NULL REFERENCES matches(id),
    ply       INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    notation  TEXT NOT NULL,
    played_at REAL NOT NULL,
    PRIMARY KEY (match_id, ply)
);

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES players(user_id),
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    volatility REAL NOT NULL,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings(guild_id, game, rating DESC);
