"""The resolutions a PNG may be drawn at: below 10 dpi nothing is legible; above 1200 an
A4 page is hundreds of megabytes of pixels."""

from __future__ import annotations

from kok_layouts.errors import BadArgumentError, KokTypeError

MIN_DPI, MAX_DPI = 10, 1200


def check_dpi(dpi: object) -> None:
    """:class:`KokTypeError` unless ``dpi`` is a number, :class:`BadArgumentError` unless it
    is 10..1200; checked before a single pixel is drawn."""
    if not isinstance(dpi, (int, float)) or isinstance(dpi, bool):
        raise KokTypeError(f"dpi is a number, not {type(dpi).__name__}")
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise BadArgumentError(f"dpi is {dpi}; use {MIN_DPI} to {MAX_DPI}")
