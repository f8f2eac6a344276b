"""Every game the bot hosts, registered once in games/registry.py: its rules, its renderer and how the
computer plays it, under its rules' name. The layers below know no game by name; the bot, its worker
processes, the console, the tests and the benches reach a game's parts through here.

    GAMES["attaxx"].start()                the rules' record of a registered game (a rules.core.Game)
    REGISTRY["attaxx"].engine              the whole registration (a games.registration.Registration)
    render(state, names)                   the picture of any registered game's position, as PNG
    choose_move(state, "hard", seed=1)     the computer's move in it
"""
from games.computer import assemble, choose_move, evaluate, level_budget, work_for
from games.pictures import describe, image, render, render_text, seats
from games.registration import Registration, RegistrationError
from games.registry import GAMES, REGISTRY

__all__ = ["GAMES", "REGISTRY", "Registration", "RegistrationError", "assemble", "choose_move", "describe", "evaluate",
           "image", "level_budget", "render", "render_text", "seats", "work_for"]
