"""Drawing the deck: units, card sizes, layout templates, fonts, shapes and the
PDF canvas. Knows the deck, never the rules.

- :mod:`.units`, :mod:`.cardsize`: lengths and card sizes
- :mod:`.template`, :mod:`.layout`, :mod:`.faces`: templates rendered into checked layouts
- :mod:`.draw`, :mod:`.shapes`, :mod:`.fonts`, :mod:`.pdf`: layouts drawn with reportlab
"""
