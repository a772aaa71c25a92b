"""``kok render`` and ``kok preview``: files written whole or not at all."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image

from kok_layouts.errors import OutputError
from kok_layouts.output import write_atomically

from .conftest import ROOT


def test_render_writes_a_pdf_pad(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    run = kok("render", "black", "-o", str(out), "--pages", "5", "--per-page", "2",
              "--paper", "letter", "--lang", "nl", "--colorblind")
    assert run.code == 0, run.err
    assert "5 pages" in run.out
    assert len(pdfium.PdfDocument(out.read_bytes())) == 5


def test_preview_writes_a_png_at_the_asked_resolution(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "kids.png"
    assert kok("preview", "kids", "-o", str(out), "--dpi", "50").code == 0
    image = Image.open(out)
    assert image.format == "PNG" and 350 < image.size[0] < 500
    page = tmp_path / "page.png"
    assert kok("preview", "kids", "-o", str(page), "--dpi", "40", "--per-page", "4",
               "--portrait").code == 0
    assert Image.open(page).size == (round(210 * 40 / 25.4), round(297 * 40 / 25.4))


@pytest.mark.parametrize(("layout", "per_page", "landscape"), [
    ("black", 1, True), ("grey", 1, True), ("kids", 1, True),
    ("black", 2, False), ("kids", 2, False),
    ("black", 4, True), ("kids", 4, True),
])
def test_pages_turn_to_show_the_sheets_upright_unless_told(kok: Any, tmp_path: Path,
                                                          layout: str, per_page: int,
                                                          landscape: bool) -> None:
    out = tmp_path / "page.pdf"

    def size(*options: str) -> tuple[float, float]:
        assert kok("render", layout, "-o", str(out), "--per-page", str(per_page),
                   *options).code == 0
        width, height = pdfium.PdfDocument(out.read_bytes())[0].get_size()
        return float(width), float(height)

    width, height = size()
    assert (width > height) == landscape
    width, height = size("--portrait")
    assert width < height
    width, height = size("--landscape")
    assert width > height


def test_render_to_png_writes_a_png_of_the_page(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    run = kok("render", "black", "grey", "--per-page", "2", "-o", str(out), "--dpi", "30")
    assert run.code == 0, run.err
    image = Image.open(out)
    assert image.format == "PNG"
    assert image.size == (round(210 * 30 / 25.4), round(297 * 30 / 25.4))


@pytest.mark.parametrize(("command", "name", "message"), [
    (("render", "black", "grey"), "two.png", "a PNG holds one page and this document has 2"),
    (("render", "black"), "sheet.svg", "ends in '.svg'; this command writes .pdf or .png"),
    (("preview", "black"), "sheet.pdf", "ends in '.pdf'; this command writes .png files"),
])
def test_an_output_name_never_lies_about_its_format(kok: Any, tmp_path: Path,
                                                    command: tuple[str, ...], name: str,
                                                    message: str) -> None:
    out = tmp_path / name
    run = kok(*command, "-o", str(out))
    assert run.code == 2 and run.err.count("\n") == 1, run.err
    assert run.err.startswith("kok: ") and message in run.err
    assert not out.exists()


def test_an_unwritable_output_is_one_line_and_leaves_nothing(kok: Any, tmp_path: Path) -> None:
    run = kok("render", "black", "-o", str(tmp_path / "missing" / "pad.pdf"))
    assert run.code == 2
    assert run.err.strip().endswith("cannot write: No such file or directory")
    assert len(run.err.strip().splitlines()) == 1
    run = kok("render", "black", "-o", str(tmp_path))
    assert run.code == 2 and "is a folder" in run.err
    assert list(tmp_path.iterdir()) == []


def test_an_error_before_writing_keeps_the_old_file(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "pad.pdf"
    out.write_bytes(b"old pad")
    for args in (["nope"], ["black", "--pages", "0"], ["black", "--player", "Ann"],
                 ["black", "--record", str(tmp_path / "none.json"), "--player", "x"]):
        run = kok("render", *args, "-o", str(out))
        assert run.code == 2, args
        assert "Traceback" not in run.err
    assert out.read_bytes() == b"old pad"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pad.pdf"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "pad.pdf"
    out.write_bytes(b"old")

    def refuse(self: Path, target: Path) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", refuse)
    with pytest.raises(OutputError, match="No space left on device"):
        write_atomically(out, b"new content")
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["pad.pdf"]


def test_render_prints_a_filled_in_sheet_from_a_record(kok: Any, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    subprocess.run([sys.executable, str(ROOT / "examples" / "record_replay.py"), str(record)],
                   check=True, capture_output=True)
    out = tmp_path / "filled.pdf"
    run = kok("render", "red", "-o", str(out), "--record", str(record), "--player", "bot")
    assert run.code == 0, run.err
    text = pdfium.PdfDocument(out.read_bytes())[0].get_textpage().get_text_range()
    assert "Player: bot" in text
    wrong = kok("render", "black", "-o", str(out), "--record", str(record), "--player", "bot")
    assert wrong.code == 2 and "played on red" in wrong.err
    nobody = kok("render", "red", "-o", str(out), "--record", str(record), "--player", "Zed")
    assert nobody.code == 2 and "no player 'Zed'" in nobody.err


def test_preview_png_of_a_record_sheet(kok: Any, tmp_path: Path) -> None:
    out = tmp_path / "p.png"
    assert kok("preview", "grey", "-o", str(out), "--dpi", "30", "--lang", "fr").code == 0
    assert Image.open(io.BytesIO(out.read_bytes())).size[0] > 200
