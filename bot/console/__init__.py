"""Local play at one terminal: `python -m bot.console [--db PATH] [--lang CODE]`, the adapter for when there
is no token, in the language `--lang` names, else the environment's (English when it speaks neither).

People share the keyboard and play any registered game through the same MatchService and SQLite file as
the bot, in guild 0 ("local"), so local matches get ratings and a leaderboard of their own. Several
local matches may be in progress at once, each in a channel of its own (0, -1, -2, …: Discord's ids are
positive); one left with `quit` (or Ctrl-D, Ctrl-C, or a killed process) is offered for resumption next
time. A match may be played on a game clock (the last set-up question): every board shows the clocks, the
move prompt the time left, and a player whose clock runs out, even while the prompt waits, loses on time.
A tournament of local players and computers (`tournament` at the menu) is played the same way, game
after game, and gone on with next time likewise. Three prompts read what the players type: the menu of matches, the set-up questions and the move
prompt; each has a table of the commands it accepts, which its `help` lists, and `rules`, `analyse` and
`replay` work at all three.

    bot/console/cli.py          the command line: arguments, store and service, the log, Ctrl-C
    bot/console/session.py      `Console`, a session: its parts, and the loop that plays a match
    bot/console/menu.py         the menu of matches
    bot/console/setup.py        the set-up questions
    bot/console/move_prompt.py  the move prompt and its commands
    bot/console/clock.py        the move prompt on a game clock: the time left, running low, running out
    bot/console/everywhere.py   the commands of every prompt: `rules`, `analyse N`, `replay N`
    bot/console/matches.py      local matches: listed, named, started, rematched, abandoned
    bot/console/tournament.py   a tournament of local players and computers, run game after game
    bot/console/tournament_setup.py  the questions that set a tournament up
    bot/console/display.py      each move announced, the board printed and drawn, a match's end
    bot/console/files.py        the files written beside the database, and their names
    bot/console/text.py         what the console prints, as pure functions
    bot/console/terminal.py     what it says, the answers it reads, and what Ctrl-C does
"""
