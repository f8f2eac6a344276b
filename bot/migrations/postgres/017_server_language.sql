-- PostgreSQL's copy of 017_server_language.sql (kept in step).
ALTER TABLE guild_settings ADD COLUMN language TEXT;
