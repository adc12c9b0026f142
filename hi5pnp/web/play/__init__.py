"""The desk's table (``/play``): games played at the desk.

- :mod:`.playroutes`: the table's routes, listed in the application's ``ROUTES``
- :mod:`.playing`: what a game's page shows and does (a bot's reply off the request)
- :mod:`.replaying`: a log stepped through on the board
- :mod:`.tables`: the desk's games, kept in memory, each with a lock and its links' secrets
- :mod:`.news`: what a game's open pages are told, as server-sent events
"""
