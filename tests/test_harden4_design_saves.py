"""Issue 34, third round: saves of one file in the designer are one at a time, also
between designers (``kok design`` processes) on the same folder, and each names the
version it replaces: of saves against one version exactly one is written, whole, and
every other is refused with 409, never a silent overwrite."""

from __future__ import annotations

import copy
import json
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from kok_layouts.design.server import Designer, content_hash
from kok_layouts.web import RequestError

from .conftest import ROOT


def saving(designer: Designer, doc: dict[str, Any], base: str | None
           ) -> tuple[int, dict[str, Any]]:
    try:
        _, data = designer.api("save", {"doc": doc, "base": base})
    except RequestError as err:
        return int(err.status), {"error": str(err)}
    return 200, json.loads(data)


@pytest.mark.parametrize("designers", [1, 12])
def test_twelve_saves_against_one_version_write_one_whole_file_and_refuse_the_rest(
        tmp_path: Path, designers: int) -> None:
    path = tmp_path / "travel.yaml"
    shutil.copy(ROOT / "examples" / "travel.yaml", path)
    base = content_hash(path.read_bytes())
    opened = [Designer.open(str(path), tmp_path) for _ in range(designers)]
    docs = []
    for number in range(12):
        doc = copy.deepcopy(opened[0].state()["doc"])
        doc["title"] = f"Travel, save {number}"
        docs.append(doc)
    start = threading.Barrier(12)
    answers: list[tuple[int, dict[str, Any]]] = [(0, {})] * 12

    def save(number: int) -> None:
        start.wait()
        answers[number] = saving(opened[number % designers], docs[number], base)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    written = [n for n, (status, _) in enumerate(answers) if status == 200]
    assert len(written) == 1, answers
    assert all(status == 409 for n, (status, _) in enumerate(answers) if n not in written)
    text = path.read_text()
    assert f"Travel, save {written[0]}" in text
    assert content_hash(path.read_bytes()) == answers[written[0]][1]["base"]
    assert not list(tmp_path.glob(".*.part"))


def test_a_save_against_the_version_it_replaces_goes_on_from_there(tmp_path: Path) -> None:
    path = tmp_path / "travel.yaml"
    shutil.copy(ROOT / "examples" / "travel.yaml", path)
    one, other = Designer.open(str(path), tmp_path), Designer.open(str(path), tmp_path)
    doc = one.state()["doc"]
    stale = content_hash(path.read_bytes())
    status, answer = saving(one, {**doc, "title": "first"}, stale)
    assert status == 200
    assert saving(other, {**doc, "title": "second"}, stale)[0] == 409
    assert "first" in path.read_text()
    assert saving(other, {**doc, "title": "second"}, answer["base"])[0] == 200
    assert "second" in path.read_text()
