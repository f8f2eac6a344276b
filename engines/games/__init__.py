"""What the search knows of each game, one module per game family (`engines.knowledge.Knowledge`), and
the fast boards some of them give the alpha-beta search (`infection_board.py`, `elevation_board.py`).
A game's registration (games/registry.py) names its knowledge; nothing here is looked up by name."""
