"""What the event's floor gets on the day (revision 6 of docs/game-log.md,
docs/serve.md): each table's secret link for the players to report their
result (:mod:`.tablelinks`), its QR code on the printed slips
(:mod:`.qrcode`), and the entry list changed at the desk, a late entry or a
drop, as a new version of ``event.yaml`` (:mod:`.entrylist`)."""
