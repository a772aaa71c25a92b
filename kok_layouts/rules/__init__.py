"""The rules: a player's marks on a sheet, legal moves, scoring, the roll and the game flow.

Layer 2: imports the sheet model, never the analysis, rendering or CLI layers.
"""
