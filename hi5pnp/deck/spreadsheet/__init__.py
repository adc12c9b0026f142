"""A deck's cards from a spreadsheet, and back.

- :mod:`.source`: ``competitors.csv`` / ``obstacles.csv`` read into the values their YAML would give, faults at row:column
- :mod:`.export`: ``hi5pnp export --csv``, a deck written again with its cards as CSV
"""
