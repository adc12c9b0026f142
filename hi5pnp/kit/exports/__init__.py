"""The kit beyond the PDFs: pictures of the faces, Tabletop Simulator and the card-printing services.

- :mod:`.images`: a PNG per face, previews
- :mod:`.tts`: Tabletop Simulator sheets, hidden card, thumbnail and saved objects
- :mod:`.services`: the card-printing services (canvas, bleed, cut tolerance, page order)
- :mod:`.preflight`: every face checked against a service
- :mod:`.printshop`: the print-shop file, a face a page with bleed
"""
