"""The bot: match service and store, and the adapters that let people play (Discord, console)."""
