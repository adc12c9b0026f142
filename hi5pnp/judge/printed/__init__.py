"""A verdict on paper and as a picture.

- :mod:`.drawing`: a position as one reportlab Drawing (SVG, PNG, the printable verdict's picture)
- :mod:`.sheet`: the printable verdict (``check --pdf``), sheets both players and the judge can sign
"""
