"""``kok table``: one game served to every player's phone, a score sheet per seat.

A shell like the CLI and the designer: the rules are the game's (:mod:`kok_layouts.rules`);
this package seats the players, throws or takes the dice, lets bots play, tells everyone
what happened, keeps the game on disk and serves the pages.

- :mod:`~kok_layouts.table.session`: the game at the table (pure Python, thread-safe).
- :mod:`~kok_layouts.table.feed`: the narration of a game, shared with ``kok play``.
- :mod:`~kok_layouts.table.choices`: each legal move once, with the fewest jokers.
- :mod:`~kok_layouts.table.server`: the web server, a token per seat.
- :mod:`~kok_layouts.table.qr`: the QR code of a seat's link.
- :mod:`~kok_layouts.table.printing`: the filled-in sheets of the game as one PDF.
"""
