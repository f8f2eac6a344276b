-- Computer analyses of finished matches, kept so that asking again answers at once (after a restart
-- too): `data` is the analysis as JSON (engines.analysis.Analysis.to_dict), `seconds` the time each
-- position was searched.
CREATE TABLE analyses (
    match_id   INTEGER PRIMARY KEY REFERENCES matches(id),
    data       TEXT NOT NULL,
    seconds    REAL NOT NULL,
    created_at REAL NOT NULL
);
