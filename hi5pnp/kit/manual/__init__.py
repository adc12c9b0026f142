"""The rules on paper: the rulebook, the quick reference and what they are made of.

- :mod:`.rulebook`: the rulebook PDF, laid out from its markup
- :mod:`.quickref`: the quick reference card
- :mod:`.markup`: the rulebook's markup template rendered, its numbers the deck's
- :mod:`.diagrams`: the rulebook's pictures of a course and a turn
- :mod:`.example`: the worked example, played on the engine
- :mod:`.pagefill`: how full each page of the rulebook is
"""
