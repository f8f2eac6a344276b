-- The arguments of a finished match's reason, which is now kept as the English template of its message
-- ("{player} resigned", "{side} has no pieces left") so that each reader sees it in their own language:
-- a JSON array of [name, value] pairs in the message's order ([["side","Black"]]), NULL for a reason
-- without arguments ("board full") and while the match is active. Matches finished before keep their
-- reason as the whole English sentence the bot wrote for them, with no arguments.
ALTER TABLE matches ADD COLUMN reason_words TEXT;
