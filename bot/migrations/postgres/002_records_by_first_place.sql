-- Records in games of more than two players: everyone in the first place wins (it was counted as a
-- draw when shared), everyone else loses, and only a match where all share one place is a draw.
-- Recomputed from the finished matches, which keep every seat's place.
UPDATE ratings SET
    wins = (
        SELECT count(*) FROM seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'finished' AND m.guild_id = ratings.guild_id AND m.game = ratings.game
          AND s.user_id = ratings.user_id AND s.place = 0
          AND EXISTS (SELECT 1 FROM seats o WHERE o.match_id = m.id AND o.place > 0)
    ),
    losses = (
        SELECT count(*) FROM seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'finished' AND m.guild_id = ratings.guild_id AND m.game = ratings.game
          AND s.user_id = ratings.user_id AND s.place > 0
    ),
    draws = (
        SELECT count(*) FROM seats s JOIN matches m ON m.id = s.match_id
        WHERE m.status = 'finished' AND m.guild_id = ratings.guild_id AND m.game = ratings.game
          AND s.user_id = ratings.user_id AND s.place = 0
          AND NOT EXISTS (SELECT 1 FROM seats o WHERE o.match_id = m.id AND o.place > 0)
    );
