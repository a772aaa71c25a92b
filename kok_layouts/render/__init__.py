"""Rendering (layer 3): sheets as a drawing description, then as vector PDF or PNG.

The layout code (``classic_layout``, ``kids_layout``) turns a sheet, and optionally a
player's marks, into a :class:`~kok_layouts.render.scene.Scene` of simple primitives in
millimetres. The PDF backend (reportlab) and the PNG backend (Pillow) both draw that same
scene, so a preview shows exactly what prints.
"""
