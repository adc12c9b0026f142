"""The picture files a deck may carry, read safely, no pixel decoded and no path drawn unchecked.

- :mod:`.art`: a face's picture file (PNG or JPEG), its header checked
- :mod:`.icons`: an SVG icon file read into outlines
- :mod:`.svgpath`: an SVG path's data read into M/L/C/Z steps, arcs as cubics
"""
