"""kok design's server: the guards of a local notebook server, and an API that agrees with
``kok validate`` and writes only where it may."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kok_layouts
from kok_layouts import limits
from kok_layouts.design.server import Designer, DesignServer, serve
from kok_layouts.editions import EDITIONS
from kok_layouts.web import MAX_BODY, RateLimit
from tests.server_helpers import send_raw, serving


def running(target: str | None, folder: Path) -> AbstractContextManager[DesignServer]:
    """A designer server for ``target`` in ``folder``, serving in a thread."""
    return serving(serve(Designer.open(target, folder)))


def request(server: DesignServer, method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def origin(server: DesignServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def post(server: DesignServer, route: str, body: Any, **extra: str) -> tuple[int, bytes]:
    headers = {"X-Kok-Token": server.designer.token, "Origin": origin(server),
               "Content-Type": "application/json", **extra}
    status, _, data = request(server, "POST", f"/api/{route}", json.dumps(body).encode(),
                              headers)
    return status, data


def state_of(server: DesignServer) -> dict[str, Any]:
    status, data = post(server, "state", {})
    assert status == 200
    info: dict[str, Any] = json.loads(data)
    return info


def state_doc(server: DesignServer) -> dict[str, Any]:
    doc: dict[str, Any] = state_of(server)["doc"]
    return doc


def save(server: DesignServer, doc: dict[str, Any], **extra: Any) -> tuple[int, bytes]:
    """A save as the page sends it: based on the version the server last told of."""
    return post(server, "save", {"doc": doc, "base": state_of(server)["base"], **extra})


# The token ---------------------------------------------------------------------------------


def test_a_request_without_the_token_is_refused(server: DesignServer) -> None:
    for path in ("/", "/designer.js", "/index.html"):
        status, _, data = request(server, "GET", path)
        assert status == 403
        assert "access token" in json.loads(data)["error"]
    status, _, _ = request(server, "POST", "/api/state", b"{}",
                           {"Origin": origin(server), "Content-Type": "application/json"})
    assert status == 403


def test_a_wrong_token_is_refused(server: DesignServer) -> None:
    status, _, _ = request(server, "GET", "/?token=not-the-token")
    assert status == 403
    status, _, _ = request(server, "GET", "/designer.js", headers={"X-Kok-Token": "x"})
    assert status == 403


def test_the_token_in_the_url_becomes_a_cookie_for_this_port_only(server: DesignServer) -> None:
    status, headers, _ = request(server, "GET", f"/?token={server.designer.token}")
    assert status == 303
    assert headers["Location"] == "/"
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"kok_design_token_{server.port}={server.designer.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    status, _, page = request(server, "GET", "/", headers={"Cookie": cookie.split(";")[0]})
    assert status == 200 and b'id="problems"' in page


def test_every_token_is_new_and_long() -> None:
    tokens = {Designer.open(None, Path.cwd()).token for _ in range(5)}
    assert len(tokens) == 5
    assert all(len(t) >= 40 for t in tokens)


# Other origins, hosts, sizes and rates --------------------------------------------------------


def test_a_cross_origin_post_is_refused_and_writes_nothing(server: DesignServer,
                                                          travel: Path) -> None:
    before = travel.read_bytes()
    doc = state_doc(server)
    doc["title"] = "Changed by another site"
    for other in ("http://evil.example", f"http://127.0.0.1:{server.port + 1}", "null"):
        status, data = post(server, "save", {"doc": doc}, Origin=other)
        assert status == 403
        assert json.loads(data) == {"error": "refused: a request from another origin"}
    assert travel.read_bytes() == before


def test_a_post_without_an_origin_or_as_a_form_is_refused(server: DesignServer) -> None:
    headers = {"X-Kok-Token": server.designer.token, "Content-Type": "application/json"}
    status, _, _ = request(server, "POST", "/api/state", b"{}", headers)
    assert status == 403
    form = {**headers, "Origin": origin(server), "Content-Type": "text/plain"}
    status, _, _ = request(server, "POST", "/api/state", b"{}", form)
    assert status == 415
    status, _, _ = request(server, "OPTIONS", "/api/save", None, {"Origin": "http://evil.example"})
    assert status == 403


def test_a_host_that_is_not_this_server_is_refused(server: DesignServer) -> None:
    # A DNS-rebinding page reaches 127.0.0.1 under its own name.
    status, _, _ = request(server, "GET", "/", headers={
        "Host": f"evil.example:{server.port}", "X-Kok-Token": server.designer.token})
    assert status == 403
    status, _, _ = request(server, "GET", "/", headers={
        "Host": f"localhost:{server.port}", "X-Kok-Token": server.designer.token})
    assert status == 200


def test_a_body_over_the_limit_is_refused(server: DesignServer) -> None:
    status, data = post(server, "validate", {"doc": "x" * MAX_BODY})
    assert status == 413
    assert "KiB" in json.loads(data)["error"]


def test_a_body_that_is_not_a_json_object_is_refused(server: DesignServer) -> None:
    headers = {"X-Kok-Token": server.designer.token, "Origin": origin(server),
               "Content-Type": "application/json"}
    for body in (b"not json", b"[1, 2]", b"\xff\xfe"):
        status, _, data = request(server, "POST", "/api/validate", body, headers)
        assert status == 400
        assert "\n" not in json.loads(data)["error"]


def test_the_rate_is_bounded_per_client() -> None:
    limit = RateLimit(burst=3, per_second=0.001)
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")


def test_only_the_page_files_are_served(server: DesignServer) -> None:
    token = {"X-Kok-Token": server.designer.token}
    for path in ("/../pyproject.toml", "/..%2f__init__.py", "/server.py", "/static/index.html",
                 "/%2e%2e/document.py"):
        status, _, _ = request(server, "GET", path, headers=token)
        assert status == 404, path
    for path in ("/designer.js", "/designer.css"):
        status, headers, _ = request(server, "GET", path, headers=token)
        assert status == 200
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "default-src 'self'" in headers["Content-Security-Policy"]


# What the API says and writes ---------------------------------------------------------------


def test_validate_gives_the_lines_kok_validate_prints(server: DesignServer, travel: Path,
                                                      kok: Any) -> None:
    doc = state_doc(server)
    doc["start_columns"] = []
    doc["grid"][1] = doc["grid"][1][:3] + "z" + doc["grid"][1][4:]
    status, data = post(server, "validate", {"doc": doc, "profile": "official"})
    assert status == 200
    shown = json.loads(data)
    status, _ = save(server, doc)
    assert status == 200
    run = kok("validate", str(travel), "--profile", "official")
    assert run.code != 0
    assert shown["problems"] == run.out.splitlines()
    assert shown["file"] == str(travel)


def test_save_keeps_the_comments_of_the_opened_file(server: DesignServer, travel: Path,
                                                    kok: Any) -> None:
    doc = state_doc(server)
    doc["grid"][0] = "r" + doc["grid"][0][1:]
    status, _ = save(server, doc)
    assert status == 200
    text = travel.read_text()
    assert "  - rGyybbBrr\n" in text
    assert "grid:                     # one string per row" in text
    assert "start_columns: [E]        # every first move touches this column" in text
    assert kok("validate", str(travel)).code == 0


def test_save_ignores_any_path_the_page_sends(server: DesignServer, travel: Path,
                                              tmp_path: Path) -> None:
    doc = state_doc(server)
    elsewhere = tmp_path / "elsewhere.yaml"
    status, data = save(server, doc, path=str(elsewhere))
    assert status == 200
    assert json.loads(data)["file"] == str(travel)
    assert not elsewhere.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["travel.yaml"]


def test_a_new_board_is_saved_as_a_new_file_in_the_working_directory(tmp_path: Path,
                                                                     kok: Any) -> None:
    (tmp_path / "my-board.yaml").write_text("taken\n")
    with running(None, tmp_path) as server:
        status, data = post(server, "start", {"from": "size", "edition": "classic",
                                              "width": 9, "height": 5})
        assert status == 200
        doc = json.loads(data)["doc"]
        doc["name"] = "../../etc/passwd"
        status, data = save(server, doc)
        assert status == 200
        assert json.loads(data)["file"] == "etc-passwd.yaml"
        doc["name"] = "my-board"
        status, _ = save(server, doc)  # the file is now opened: saves go to it
        assert status == 200
    assert (tmp_path / "my-board.yaml").read_text() == "taken\n"
    saved = tmp_path / "etc-passwd.yaml"
    assert "name: my-board" in saved.read_text()
    assert kok("validate", str(saved)).code == 0


def test_a_built_in_is_a_starting_point_never_overwritten(tmp_path: Path) -> None:
    with running("black", tmp_path) as server:
        status, data = save(server, state_doc(server))
        assert status == 200
        assert json.loads(data)["file"] == "my-black.yaml"
    text = (tmp_path / "my-black.yaml").read_text()
    assert text.startswith("# The black classic pad")
    assert "name: my-black" in text


def test_resize_and_preview_and_pdf(server: DesignServer) -> None:
    status, data = post(server, "resize", {"doc": state_doc(server), "width": 11,
                                           "height": 6})
    doc = json.loads(data)["doc"]
    assert status == 200 and len(doc["grid"]) == 6 and len(doc["column_points"]["later"]) == 11
    status, png = post(server, "preview", {"doc": doc})
    assert status == 200 and png.startswith(b"\x89PNG")
    status, pdf = post(server, "pdf", {"doc": doc})
    assert status == 200 and pdf.startswith(b"%PDF")
    status, yaml_text = post(server, "yaml", {"doc": doc})
    assert status == 200 and b"column_points:" in yaml_text


def test_errors_are_one_line(server: DesignServer) -> None:
    doc = state_doc(server)
    cases: list[tuple[str, dict[str, Any]]] = [
        ("resize", {"doc": doc, "width": 40, "height": 5}),
        ("resize", {"doc": doc, "width": "many", "height": 5}),
        ("validate", {"doc": {"edition": "chess"}}),
        ("validate", {"doc": {**doc, "grid": ["ab", "abc", "a"]}}),
        ("validate", {"doc": doc, "profile": "strict"}),
        ("preview", {"doc": {**doc, "colours": {"q": {"name": 3}}}}),
        ("check", {"doc": doc, "games": 10**9, "players": 2}),
        ("start", {"from": "builtin", "name": "nosuch"}),
        ("nosuch", {"doc": doc}),
    ]
    for route, body in cases:
        status, data = post(server, route, body)
        assert status in (404, 422), (route, data)
        error = json.loads(data)["error"]
        assert error and "\n" not in error and "Traceback" not in error


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["doc", "profile", "width", "height", "from",
                                        "edition", "name", "games"]),
                       st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                                    lambda inner: st.lists(inner, max_size=3)
                                    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                                    max_leaves=12)),
       st.sampled_from(["validate", "resize", "yaml", "preview", "start"]))
def test_hostile_bodies_get_an_answer_or_one_line_never_a_crash(
        server: DesignServer, body: dict[str, Any], route: str) -> None:
    status, data = post(server, route, body)
    assert status in (200, 404, 422)
    if status != 200:
        assert "\n" not in json.loads(data)["error"]
        assert "internal error" not in json.loads(data)["error"]


# The command ------------------------------------------------------------------------------


def test_kok_design_prints_the_url_with_its_token_first(travel: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "kok_layouts", "design", str(travel),
                                "--no-browser"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=travel.parent,
                               env={**os.environ, "XDG_STATE_HOME": str(travel.parent)})
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        assert first.startswith("http://127.0.0.1:")
        assert "/?token=" in first and len(first.split("token=")[1]) >= 40
        port = int(first.split(":")[2].split("/")[0])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", first.split(str(port))[1])
        assert connection.getresponse().status == 303
        connection.close()
    finally:
        process.terminate()
        process.wait(10)


def test_kok_design_refuses_a_broken_file_in_one_line(tmp_path: Path, kok: Any) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("grid: [\n")
    run = kok("design", str(broken), "--no-browser")
    assert run.code == 2 and run.out == ""
    assert run.err.count("\n") == 1 and run.err.startswith(f"kok: {broken}:")
    run = kok("design", "nosuch-layout", "--no-browser")
    assert run.code == 2 and run.err.startswith("kok: unknown layout 'nosuch-layout'")
    run = kok("design", "--port", "70000", "--no-browser")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "--port: '70000': use 0 to 65,535" in run.err


def test_kok_design_refuses_a_file_without_a_grid_naming_the_file(tmp_path: Path,
                                                                  kok: Any) -> None:
    gridless = tmp_path / "gridless.yaml"
    gridless.write_text("format: 1\nedition: classic\n")
    run = kok("design", str(gridless), "--no-browser")
    assert run.code == 2
    assert run.err == f"kok: {gridless}: the board needs a 'grid': a list of rows of letters\n"
    run = kok("design", str(tmp_path / "no" / "such.yaml"), "--no-browser")
    assert run.err.endswith("such.yaml: no such folder to write the new board in\n")


def test_a_refused_request_closes_its_connection(server: DesignServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("POST", "/api/save", body=b'{"doc": {}}',
                           headers={"Origin": "http://evil.example",
                                    "Content-Type": "application/json"})
        response = connection.getresponse()
        assert response.status == 403
        assert response.getheader("Connection") == "close"
    finally:
        connection.close()


@pytest.mark.parametrize(("edition", "width", "height", "profile"), [
    ("classic", 15, 7, "official"), ("kok2", 15, 7, "official"), ("kids", 13, 5, "official"),
    ("classic", 9, 5, "basic"), ("kids", 9, 5, "basic")])
def test_a_generated_board_is_the_generators_board(
        server: DesignServer, edition: str, width: int, height: int, profile: str) -> None:
    status, data = post(server, "start", {"from": "generate", "edition": edition,
                                          "width": width, "height": height, "seed": 7})
    assert status == 200
    answer = json.loads(data)
    assert answer["can_generate"] is True
    size = None if profile == "official" else (width, height)
    made = kok_layouts.generate(edition, seed=7, size=size)
    assert answer["doc"]["name"] == made.sheet.name
    assert answer["doc"]["grid"] == yaml.safe_load(made.text)["grid"]
    status, data = post(server, "validate", {"doc": answer["doc"], "profile": profile})
    assert status == 200 and json.loads(data)["problems"] == []


def test_a_board_the_generator_cannot_make_is_one_line(server: DesignServer) -> None:
    status, data = post(server, "start", {"from": "generate", "edition": "classic",
                                          "width": 30, "height": 3, "seed": 7})
    assert status == 422
    error = json.loads(data)["error"]
    assert "30x3" in error and "\n" not in error


def test_without_a_display_kok_design_does_not_start_a_text_browser(
        travel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "BROWSER")}
    env["XDG_STATE_HOME"] = str(travel.parent)  # the session is remembered there
    process = subprocess.Popen([sys.executable, "-m", "kok_layouts", "design", str(travel)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=travel.parent, env=env)
    try:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith("http://127.0.0.1:")
        assert process.stderr.readline() == ("kok: no graphical display here; open the "
                                             "address above in a browser\n")
    finally:
        process.terminate()
        process.wait(10)


def _raw(server: DesignServer, data: bytes) -> bytes:
    return send_raw(server.port, data, timeout=10)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300) | st.builds(
    lambda method, path, header: f"{method} {path} HTTP/1.1\r\n{header}\r\n\r\n".encode(),
    st.sampled_from(["GET", "POST", "PUT", "DELETE", "BREW", "get"]),
    st.text(alphabet="/abc.%?=&-_\\x", max_size=30),
    st.text(alphabet="abcHost:Content-Length0123456789 \t", max_size=40)))
def test_garbage_on_the_socket_never_stops_the_server(server: DesignServer,
                                                      data: bytes) -> None:
    server.rate = RateLimit(burst=10_000, per_second=10_000.0)  # not what this test is about
    answer = _raw(server, data)
    assert b"Traceback" not in answer
    assert state_doc(server)["name"] == "travel"  # still serving


def test_too_many_requests_are_refused_in_one_line(server: DesignServer) -> None:
    server.rate = RateLimit(burst=2, per_second=0.001)
    answers = [post(server, "state", {}) for _ in range(3)]
    assert [status for status, _ in answers] == [200, 200, 429]
    assert json.loads(answers[2][1]) == {
        "error": "too many requests; wait a moment and try again"}


# What the page is told ----------------------------------------------------------------------


def test_the_page_gets_every_editions_parts_and_the_limits(server: DesignServer) -> None:
    status, data = post(server, "state", {})
    assert status == 200
    info = json.loads(data)
    assert [e["name"] for e in info["editions"]] == list(EDITIONS)
    assert info["limits"] == json.loads(json.dumps({
        **limits.as_dict(), "balance_seconds": limits.DESIGN_BALANCE_SECONDS.as_dict(),
        "check_default_games": limits.DESIGN_CHECK_DEFAULT_GAMES}))
    for parts in info["editions"]:
        edition = EDITIONS[parts["name"]]
        assert parts["palette_key"] == edition.palette_key
        assert parts["players"] == {"min": 1, "max": edition.players.high}
        assert parts["official_size"] == list(edition.official_size)
        assert {"star", "hole", "erase", "fill"} <= set(parts["tools"])


def test_the_check_takes_as_many_players_as_the_edition_allows(tmp_path: Path) -> None:
    with running("kids", tmp_path) as server:
        doc = state_doc(server)
        too_many = EDITIONS["kids"].players.high + 1
        status, data = post(server, "check", {"doc": doc, "games": 1, "players": too_many})
        assert status == 422
        assert json.loads(data)["error"] == f"players is {too_many}; use 1 (solo) to 4"
        games = limits.DESIGN_CHECK_GAMES.high + 1
        status, data = post(server, "check", {"doc": doc, "games": games, "players": 2})
        assert status == 422 and "5,000" in json.loads(data)["error"]


@pytest.mark.parametrize("width", ["٣", "1e3", "0x10", " +", 4, limits.WIDTH.high + 1])
def test_a_new_board_takes_only_sizes_layouts_allow(tmp_path: Path, width: object) -> None:
    with running(None, tmp_path) as server:
        status, data = post(server, "start", {"from": "size", "edition": "classic",
                                              "width": width, "height": 5})
        assert status == 422, data
        assert "\n" not in json.loads(data)["error"]
        status, data = post(server, "start", {"from": "size", "edition": "classic",
                                              "width": str(limits.WIDTH.low), "height": 3})
        assert status == 200
