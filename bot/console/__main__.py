"""`python -m bot.console`: local play at this terminal (bot/console/cli.py)."""
import signal

from bot.console.cli import cli

if __name__ == "__main__":
    code = cli()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the process is ending: another Ctrl-C changes nothing
    raise SystemExit(code)
