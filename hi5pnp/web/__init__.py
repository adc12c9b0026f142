"""``hi5pnp serve``: one local web desk for the designer (the gallery of
faces that follows the deck's files, the counts, a simulation in the
background), the judge (a folder's logs checked, a position at any line,
a turn tried, the printable verdict) and the hobbyist (the kit's files and
how to print each, a build chosen in a form).

- :mod:`.desk`: one run's folders, token and state
- :mod:`.gallery`, :mod:`.simjob`, :mod:`.judging`, :mod:`.printing`: what each page shows
- :mod:`.app`: the Starlette application, its routes and its rules
"""

from .app import make_app
from .desk import Desk

__all__ = ["Desk", "make_app"]
