"""The desk's table (``/play``): games played at the desk.

- :mod:`.playing`: the Play page's routes and what they show
- :mod:`.tables`: the desk's games, kept in memory, each with a lock of its own
"""
