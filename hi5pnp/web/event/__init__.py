"""The desk's event page (``/event``).

- :mod:`.eventdesk`: the event in the judge's folder as ``standings`` and ``pairings`` see it; a round paired, a played log handed in, a ruling saved
- :mod:`.eventroutes`: its routes, and "save as ruling" on a log's page
"""
