-- A server's language: what everyone in its channels reads (challenges, boards, moves, results,
-- reminders) is written in it. NULL, the default, follows the server's own language in Discord (its
-- preferred locale), else English. A language is stored by Discord's locale code ('fr', 'pt-BR'), and
-- only those who manage the server change it (/settings language:).
ALTER TABLE guild_settings ADD COLUMN language TEXT;
