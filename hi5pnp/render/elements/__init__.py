"""The elements a layout is made of, one frozen class per kind, each with its own check, bounds and drawing.

- :mod:`.element`: what every element shares (id, layer, clear); a template's values read into typed ones
- :mod:`.figures`: rect, circle, line, shape and image
- :mod:`.text`: one line in an embedded font, shrunk to its width
- :mod:`.paragraph`: text wrapped within a box, with bold and italic runs and icons inline
- :mod:`.pen`: the pen a layout is drawn with (a canvas, its colours, each stroke setting written only when it changes)
"""
