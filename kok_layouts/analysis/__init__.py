"""Analysis (layer 3): is a sheet solvable, and is it balanced?"""
