"""The Discord adapter: slash commands, persistent buttons and the messages the bot posts."""
