"""kok design's ways out of a conflict, as the server answers them: keep mine (a new file
beside the other, which stays as it is), overwrite (a save based on the version on disk),
and the question the page asks on focus: has the file changed since I read it?"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from kok_layouts.design.server import DesignServer
from tests.test_design_server import post, running, save, state_doc, state_of


def _answer(reply: tuple[int, bytes]) -> tuple[int, dict[str, Any]]:
    status, data = reply
    return status, json.loads(data)


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_keep_mine_saves_a_new_file_beside_the_changed_one(server: DesignServer,
                                                           travel: Path) -> None:
    doc = state_doc(server)
    read_base = state_of(server)["base"]
    travel.write_text(travel.read_text().replace("Travel board", "Edited elsewhere"))
    theirs = travel.read_bytes()
    doc["title"] = "Mine"
    status, answer = _answer(post(server, "save", {"doc": doc, "base": read_base}))
    assert status == 409 and answer["conflict"]["current"] == _sha(travel)
    status, answer = _answer(post(server, "save", {"doc": doc, "base": None, "as_new": True}))
    assert status == 200 and answer["file"] == "travel-2.yaml"
    assert travel.read_bytes() == theirs
    assert "title: \"Mine\"" in (travel.parent / "travel-2.yaml").read_text()
    # the page now saves to the new file
    doc["title"] = "Mine again"
    assert save(server, doc)[0] == 200
    assert "title: \"Mine again\"" in (travel.parent / "travel-2.yaml").read_text()
    assert travel.read_bytes() == theirs


def test_keep_mine_never_takes_a_name_that_is_taken(server: DesignServer,
                                                    travel: Path) -> None:
    (travel.parent / "travel-2.yaml").write_text("someone's\n")
    (travel.parent / "travel-3.yaml").symlink_to(travel.parent / "nowhere.yaml")
    status, answer = _answer(post(server, "save", {"doc": state_doc(server), "base": None,
                                                   "as_new": True}))
    assert status == 200 and answer["file"] == "travel-4.yaml"
    assert (travel.parent / "travel-2.yaml").read_text() == "someone's\n"


def test_a_save_as_new_never_overwrites_or_names_a_base(server: DesignServer,
                                                        travel: Path) -> None:
    before = travel.read_bytes()
    for extra in ({"overwrite": True}, {"base": _sha(travel)}, {"as_new": "yes"}):
        body = {"doc": state_doc(server), "base": None, "as_new": True, **extra}
        status, answer = _answer(post(server, "save", body))
        assert status == 400 and "\n" not in answer["error"], extra
    assert travel.read_bytes() == before
    assert sorted(p.name for p in travel.parent.iterdir()) == ["travel.yaml"]


def test_overwrite_is_a_save_based_on_the_version_on_disk(server: DesignServer,
                                                          travel: Path) -> None:
    doc = state_doc(server)
    travel.write_text(travel.read_text().replace("Travel board", "Edited elsewhere"))
    doc["title"] = "Mine"
    status, answer = _answer(post(server, "save", {"doc": doc, "base": None,
                                                   "file": str(travel)}))
    assert status == 409
    current = answer["conflict"]["current"]
    status, _ = _answer(post(server, "save", {"doc": doc, "base": current,
                                              "file": str(travel), "overwrite": True}))
    assert status == 200 and "title: \"Mine\"" in travel.read_text()


def test_the_page_learns_whether_the_file_changed_since_it_read_it(server: DesignServer,
                                                                   travel: Path) -> None:
    base = state_of(server)["base"]
    status, answer = _answer(post(server, "version", {"base": base}))
    assert (status, answer["changed"], answer["current"]) == (200, False, base)
    travel.write_text(travel.read_text() + "# a comment\n")
    status, answer = _answer(post(server, "version", {"base": base}))
    assert answer["changed"] is True and answer["current"] == _sha(travel)
    travel.unlink()
    status, answer = _answer(post(server, "version", {"base": base}))
    assert answer["changed"] is True and answer["current"] is None


def test_the_version_question_names_its_base_like_a_save(server: DesignServer) -> None:
    assert post(server, "version", {})[0] == 428
    assert post(server, "version", {"base": "abc"})[0] == 400


def test_a_new_board_without_a_file_has_nothing_to_change(tmp_path: Path) -> None:
    with running(None, tmp_path) as site:
        status, answer = _answer(post(site, "version", {"base": None}))
        assert status == 200 and answer["changed"] is False
