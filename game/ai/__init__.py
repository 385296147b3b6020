"""The bots, one package per game (``game/ai/<game>/``): each sees only its own seat's view."""
