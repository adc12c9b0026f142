"""An event: a folder of game logs, its entry list, and the Swiss rounds
played from it (revision 5 of docs/game-log.md). It stands on
:mod:`hi5pnp.judge`, which checks one log and knows nothing of events.

- :mod:`.eventfolder`: an event's folder as a library (:func:`open_event`,
  its standings, cross-table, open games; the next round planned and
  written)
- :mod:`.eventfile`: ``event.yaml``, the entry list and the event's choices
- :mod:`.games`: an event's logs read once, each as a game that counts or
  a log left out
- :mod:`.players`: an event's players and games as values
- :mod:`.standings`, :mod:`.tiebreaks`, :mod:`.crosstable`: the table
- :mod:`.pairings`: the next Swiss round
- :mod:`.roundfiles`, :mod:`.slips`: a round's files and result slips

The folder's functions are imported from :mod:`.eventfolder` when first used,
so that importing one module of the event loads no other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy

if TYPE_CHECKING:
    from .eventfolder import event_cross_table, event_standings, open_event, open_games, pair_next_round, plan_next_round, write_next_round

__all__ = ["event_cross_table", "event_standings", "open_event", "open_games", "pair_next_round", "plan_next_round", "write_next_round"]


__getattr__ = lazy.names(__name__, dict.fromkeys(__all__, ".eventfolder"))
