"""The QR code of a seat's link, drawn here (segno, pure Python): no network, no image
service, so a phone at the table scans its link from the host's screen."""

from __future__ import annotations

import segno


def qr_svg(text: str, scale: int = 4) -> str:
    """``text`` as a QR code in an SVG data URI (medium error correction, a quiet zone of
    four modules), ready for an ``<img src>``."""
    code = segno.make(text, error="m", micro=False)
    return str(code.svg_data_uri(scale=scale, border=4, dark="#000", light="#fff"))
