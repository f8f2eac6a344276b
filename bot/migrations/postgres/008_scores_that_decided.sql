-- A finished match keeps its seats' scores only where they decided the result (pieces at the end of
-- Attaxx, points in Multiplications). Results decided otherwise (a nest reached, no pieces or turns
-- left in Elevation, a repetition, an agreed draw, a two-player match given up or lost on time) were
-- stored with the running counts; they are cleared so that no result is shown with them.
UPDATE seats SET score = NULL WHERE match_id IN (
    SELECT m.id FROM matches m
    WHERE m.status = 'finished' AND (
        m.game IN ('ikabegama', 'elevation')
        OR m.reason IN ('threefold repetition', 'draw agreed')
        OR ((m.reason LIKE '% resigned' OR m.reason LIKE '% ran out of time')
            AND (SELECT count(*) FROM seats s WHERE s.match_id = m.id) = 2)
    )
);
