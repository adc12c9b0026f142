"""Print then cut (``build --cut``): the cards laid out for a cutting machine.

- :mod:`.geometry`: where the cards go for a Silhouette or Cricut, the registration marks, each card's cut line (pure mm)
- :mod:`.sheets`: the Silhouette sheets and DXF/SVG cut files, the Cricut pictures and their SVG
"""
