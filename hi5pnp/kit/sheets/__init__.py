"""The printed sheets of the kit: where cards go on a sheet and each sheet drawn.

- :mod:`.imposition`: where cards go on a sheet, pure geometry in mm
- :mod:`.cardsheets`: the card sheets (duplex, fold), crop marks
- :mod:`.tokens`, :mod:`.scorecards`, :mod:`.recordsheet`: the tokens, score cards and record sheet
- :mod:`.alignment`: the duplex alignment test page
"""
