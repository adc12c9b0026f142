"""What a designer does with a deck besides loading it.

- :mod:`.lints`: design warnings on a valid deck
- :mod:`.counts`: the deck's counts (``hi5pnp stats``)
- :mod:`.edit`: one value written into a deck's YAML or CSV in place, in its own style
- :mod:`.starter`: ``hi5pnp new``, the bundled deck copied into a folder of one's own
"""
