"""What kok design shows of a check and a search: the report's charts as PNG, SVG and PDF,
the balanced search's progress, and their refusals."""

from __future__ import annotations

import json
import shutil
import time
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import limits
from kok_layouts.analysis.check import check
from kok_layouts.design.server import CheckJob, DesignServer
from kok_layouts.design.svg import scene_svg
from kok_layouts.model.loader import load_layout
from kok_layouts.render.report import report_strip
from kok_layouts.render.scene import Circle, Line, Polygon, Rect, Scene, Text
from tests.conftest import ROOT
from tests.test_design_server import post, request, running


@pytest.fixture(scope="module")
def report() -> dict[str, object]:
    result: dict[str, object] = json.loads(json.dumps(
        check(load_layout(str(ROOT / "examples" / "travel.yaml")), 12, 2, seed=1).as_dict(),
        default=str))
    return result


@pytest.fixture
def site(tmp_path: Path) -> Iterator[DesignServer]:
    path = tmp_path / "travel.yaml"
    shutil.copy(ROOT / "examples" / "travel.yaml", path)
    with running(str(path), tmp_path) as server:
        yield server


def test_a_scene_as_svg_is_well_formed_and_draws_every_item() -> None:
    scene = Scene(100, 50)
    scene.add(Rect(1, 2, 3, 4, fill=(1, 0, 0), radius=1), Circle(5, 5, 2),
              Line(0, 0, 9, 9), Polygon(((0, 0), (1, 1), (2, 0))),
              Polygon(((0, 0), (1, 1)), closed=False),
              Text(3, 4, "<b>&'\"", 3, anchor="middle", weight="bold", angle=90))
    root = ElementTree.fromstring(scene_svg(scene))
    tags = [child.tag.split("}")[1] for child in root]
    assert tags == ["rect", "rect", "circle", "line", "polygon", "polyline", "text"]
    assert root.attrib["viewBox"] == "0 0 100 50" and root.attrib["width"] == "100mm"
    text = root[-1]
    assert text.text == "<b>&'\"" and text.attrib["transform"] == "rotate(-90 3 4)"
    assert root[1].attrib["fill"] == "#ff0000"


def test_the_reports_charts_as_svg_say_what_the_png_shows(report: dict[str, object]) -> None:
    scene = report_strip(report)
    root = ElementTree.fromstring(scene_svg(scene))
    # An empty text element reads back as None.
    texts = {element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")}
    assert set(scene.texts()) == texts
    assert any("simulation charts" in (t or "") for t in texts)


def test_a_finished_check_serves_its_charts_as_png_svg_and_pdf(
        site: DesignServer, report: dict[str, object]) -> None:
    job = CheckJob("0123456789abcdef", report=report, chart=b"\x89PNG fake", finished=True)
    site.designer.job = job
    cookie = {"Cookie": f"{site.cookie_name}={site.designer.token}"}
    for kind, start in (("png", b"\x89PNG"), ("svg", b"<svg"), ("pdf", b"%PDF")):
        status, headers, data = request(site, "GET", f"/api/check/{job.id}.{kind}?download",
                                        headers=cookie)
        assert status == 200 and data.startswith(start), kind
        assert headers["Content-Disposition"] == f'attachment; filename="check-{job.id}.{kind}"'
    status, _, data = request(site, "GET", f"/api/check/{job.id}.gif", headers=cookie)
    assert status == 404 and b"\n" not in data.strip()
    status, _, _ = request(site, "GET", f"/api/check/{job.id}.svg")  # no token
    assert status == 403


@pytest.mark.parametrize(("field", "value"), [
    ("seconds", limits.DESIGN_BALANCE_SECONDS.high + 1), ("seconds", 0), ("seconds", 2.5),
    ("seed", -1), ("width", 2), ("edition", "chess"), ("seconds", "٣٠")])
def test_a_balanced_search_with_a_bad_setting_is_refused_before_it_starts(
        site: DesignServer, field: str, value: object) -> None:
    body = {"edition": "classic", "width": 15, "height": 7, "seed": 1, "seconds": 5,
            field: value}
    status, data = post(site, "generate", body)
    assert status == 422 and "\n" not in json.loads(data)["error"]
    assert site.designer.search is None


def test_a_balanced_search_reports_progress_and_its_board_opens(site: DesignServer) -> None:
    status, data = post(site, "generate", {"edition": "classic", "width": 15, "height": 7,
                                           "seed": 3, "seconds": 5})
    assert status == 200
    job = json.loads(data)["id"]
    cookie = {"Cookie": f"{site.cookie_name}={site.designer.token}"}
    assert post(site, "generate", {"edition": "classic", "width": 15, "height": 7,
                                   "seed": 3, "seconds": 5})[0] == 422  # one at a time
    seen = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        _, _, raw = request(site, "GET", f"/api/generate/{job}", headers=cookie)
        state = json.loads(raw)
        seen.append(state["done"])
        if state["finished"]:
            break
        time.sleep(0.2)
    assert state["finished"] and state["error"] is None and state["ready"]
    assert seen == sorted(seen) and seen[-1] == 1.0
    status, data = post(site, "start", {"from": "search", "id": job})
    answer = json.loads(data)
    assert status == 200 and answer["doc"]["edition"] == "classic"
    assert answer["file"] != "travel.yaml"  # a new board never saves over the open file
    assert post(site, "start", {"from": "search", "id": "nope"})[0] == 404


@pytest.mark.parametrize(("route", "body", "broken", "said"), [
    ("check", {"games": 10, "players": 2}, "check", "the check failed: ZeroDivisionError"),
    ("generate", {"edition": "classic", "width": 15, "height": 7, "seed": 3, "seconds": 5},
     "generated_document", "the search failed: ZeroDivisionError"),
])
def test_a_check_or_a_search_that_breaks_ends_in_one_line_and_the_server_goes_on(
        site: DesignServer, monkeypatch: pytest.MonkeyPatch, route: str, body: dict[str, Any],
        broken: str, said: str) -> None:
    import kok_layouts.design.server as server_module

    def bug(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(server_module, broken, bug)
    doc = json.loads(post(site, "state", {})[1])["doc"]
    status, data = post(site, route, {"doc": doc, **body})
    assert status == 200, data
    job = json.loads(data)["id"]
    cookie = {"Cookie": f"{site.cookie_name}={site.designer.token}"}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        state = json.loads(request(site, "GET", f"/api/{route}/{job}", headers=cookie)[2])
        if state["finished"]:
            break
        time.sleep(0.05)
    assert state["finished"] and state["error"] == f"{said}: a bug"
    assert post(site, "state", {})[0] == 200
