"""The resolutions a PNG may be drawn at (:data:`kok_layouts.limits.DPI`): below 10 dpi
nothing is legible; above 1200 an A4 page is hundreds of megabytes of pixels."""

from __future__ import annotations

from kok_layouts import limits
from kok_layouts.errors import BadArgumentError, KokTypeError, shown_repr


def check_dpi(dpi: object) -> None:
    """:class:`KokTypeError` unless ``dpi`` is a number, :class:`BadArgumentError` unless it
    lies within :data:`kok_layouts.limits.DPI` (a fraction such as 72.5 is fine); checked
    before a single pixel is drawn."""
    if not isinstance(dpi, (int, float)) or isinstance(dpi, bool):
        raise KokTypeError(f"dpi is a number, not {type(dpi).__name__}")
    if not limits.DPI.low <= dpi <= limits.DPI.high:
        raise BadArgumentError(f"dpi is {limits.DPI}, not {shown_repr(dpi, 40)}")
