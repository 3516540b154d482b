"""Tests of railrules_client (standard library unittest).

The tests of `AgainstService` need a railrules service at RAILRULES_URL and are skipped
without one; scripts/py-client-test.sh installs the package in a new virtual environment,
starts a service and runs them all:

    RAILRULES_URL=http://127.0.0.1:8080 python -m unittest discover -s clients/python/tests -v
"""

from __future__ import annotations

import copy
import http.server
import importlib.metadata
import os
import socket
import threading
import unittest
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import railrules_client
from railrules_client import AnswerError, Client, NoServiceError, RefusedError, models

URL = os.environ.get("RAILRULES_URL")
SEED = 7

# An 18xx.games export of three 1846 draft moves (examples/requests/1846/import.json).
EXPORT_1846: dict[str, Any] = {
    "id": "railrules_1",
    "title": "1846",
    "description": "Written by railrules from a 1846 save file",
    "status": "active",
    "game_end_reason": None,
    "players": [{"id": n, "name": f"seat-{n}"} for n in range(1, 5)],
    "settings": {"optional_rules": ["first_ed"], "seed": 1},
    "result": {},
    "actions": [
        {"id": 1, "type": "bid", "entity": 4, "entity_type": "player", "company": "O&I", "price": 40},
        {"id": 2, "type": "bid", "entity": 3, "entity_type": "player", "company": "C&WI", "price": 60},
        {"id": 3, "type": "bid", "entity": 2, "entity_type": "player", "company": "MPC", "price": 60},
    ],
}


def free_port() -> int:
    """A port of the loopback that nothing listens on (the kernel's pick, released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def fake_service(status: int, content_type: str, body: bytes) -> Iterator[str]:
    """An HTTP server on the loopback answering every request with `status` and `body` (a
    proxy in front of the service, or something that is not railrules); yields its URL."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            self.rfile.read(length)
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = answer

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class WithoutService(unittest.TestCase):
    """What needs no railrules service."""

    def test_no_service_says_what_to_start(self) -> None:
        url = f"http://127.0.0.1:{free_port()}"
        client = Client(url, timeout=5)
        with self.assertRaises(NoServiceError) as caught:
            client.games()
        message = str(caught.exception)
        self.assertIn(f"no railrules service answers at {url}", message)
        self.assertIn("cargo run --release", message)
        self.assertIn("RAILRULES_URL", message)
        self.assertEqual(caught.exception.base_url, url)
        # Every endpoint says the same, a POST too.
        with self.assertRaises(NoServiceError):
            client.setup("1846", seed=1)

    def test_base_url(self) -> None:
        with mock.patch.dict(os.environ, {"RAILRULES_URL": "http://rules.example:9000/"}):
            self.assertEqual(Client().base_url, "http://rules.example:9000")
            self.assertEqual(Client("http://127.0.0.1:1234").base_url, "http://127.0.0.1:1234")
        with mock.patch.dict(os.environ, clear=True):
            self.assertEqual(Client().base_url, "http://127.0.0.1:8080")
            self.assertEqual(railrules_client.DEFAULT_URL, "http://127.0.0.1:8080")

    def test_replay_takes_setup_or_state(self) -> None:
        client = Client(f"http://127.0.0.1:{free_port()}")
        with self.assertRaises(ValueError):
            client.replay("1846", [])
        with self.assertRaises(ValueError):
            client.replay("1846", [], setup={"seed": 1}, state={"move": 0})

    def test_an_error_page_that_is_not_a_problem(self) -> None:
        with fake_service(502, "text/html", b"<html>Bad Gateway</html>") as url:
            with self.assertRaises(RefusedError) as caught:
                Client(url).setup("1846")
        self.assertEqual(caught.exception.status, 502)
        self.assertEqual(caught.exception.errors, [])
        self.assertIn("Bad Gateway", caught.exception.detail)

    def test_an_answer_that_is_not_json(self) -> None:
        with fake_service(200, "text/html", b"<html>a login page</html>") as url:
            with self.assertRaises(AnswerError) as caught:
                Client(url).games()
        self.assertIn("not JSON", str(caught.exception))

    def test_models_name_every_endpoint(self) -> None:
        self.assertEqual(set(models.ENDPOINTS), set(models.GAMES))
        for game, endpoints in models.ENDPOINTS.items():
            for endpoint in ("setup", "validate", "legal-actions", "replay", "check"):
                self.assertIn(endpoint, endpoints, game)
            for endpoint, names in endpoints.items():
                for name in names:
                    if name is not None:
                        self.assertTrue(hasattr(models, name), f"{game} {endpoint}: no models.{name}")

    def test_models_are_typed_dicts(self) -> None:
        self.assertEqual(
            models.G1846ValidateRequest.__required_keys__ | models.G1846ValidateRequest.__optional_keys__,
            {"state", "action", "expected_move"},
        )
        replay = models.G1846ReplayRequestWithSetup.__annotations__
        self.assertIn("setup", replay)
        self.assertNotIn("state", replay)

    def test_installed_version(self) -> None:
        try:
            installed = importlib.metadata.version("railrules-client")
        except importlib.metadata.PackageNotFoundError:
            self.skipTest("railrules-client is not installed (pip install ./clients/python)")
        self.assertEqual(installed, railrules_client.__version__)


@unittest.skipUnless(
    URL, "set RAILRULES_URL to a running railrules service (scripts/py-client-test.sh starts one)"
)
class AgainstService(unittest.TestCase):
    """Every game the service lists, through the client's every method."""

    client: Client
    games: list[models.ListedGame]

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = Client()  # RAILRULES_URL
        cls.games = cls.client.games()["games"]

    def test_health(self) -> None:
        self.assertEqual(self.client.health(), {"status": "ok"})

    def test_the_models_know_every_listed_game(self) -> None:
        self.assertTrue(self.games)
        for game in self.games:
            with self.subTest(game=game["id"]):
                self.assertIn(game["id"], models.ENDPOINTS)
                for endpoint in game["endpoints"]:
                    self.assertIn(endpoint, models.ENDPOINTS[game["id"]])

    def test_every_game_sets_up_lists_validates_replays_and_checks(self) -> None:
        for game in self.games:
            gid = game["id"]
            with self.subTest(game=gid):
                setup = self.client.setup(gid, seed=SEED)
                state = setup["state"]
                self.assertEqual(setup["seed"], SEED)
                self.assertEqual(state["move"], 0)
                self.assertTrue(setup["to_act"], "nobody acts in a new game")
                self.assertEqual(self.client.setup(gid, seed=SEED), setup, "the same seed, another game")

                legal = self.client.legal_actions(gid, state, expected_move=0)
                self.assertEqual(legal["to_act"], setup["to_act"])
                self.assertTrue(legal["actions"], "no legal action in a new game")
                action = legal["actions"][0]

                verdict = self.client.validate(gid, state, action, expected_move=state["move"])
                self.assertTrue(verdict["valid"], verdict.get("violation"))
                self.assertEqual(verdict["state"]["move"], 1)
                self.assertIsInstance(verdict["events"], list)

                replayed = self.client.replay(gid, [action], setup={"seed": SEED}, log=True)
                self.assertTrue(replayed["valid"], replayed.get("violation"))
                self.assertEqual(replayed["state"], verdict["state"])
                self.assertEqual(replayed["events"], [verdict["events"]])
                self.assertIsInstance(replayed["log"], list)
                from_state = self.client.replay(gid, [action], state=state)
                self.assertEqual(from_state["state"], verdict["state"])

                checked = self.client.check(gid, verdict["state"])
                self.assertEqual(checked, {"consistent": True, "violations": []})

    def test_legal_action_filters(self) -> None:
        for game in self.games:
            gid = game["id"]
            with self.subTest(game=gid):
                setup = self.client.setup(gid, seed=SEED)
                every = self.client.legal_actions(gid, setup["state"])["actions"]
                kind = every[0]["type"]
                # `seat` only where actions name their seat: rotw-solo's (one player) name none,
                # and the service then keeps none of them for `seat: "player"`.
                seat = every[0].get("player")
                kept = self.client.legal_actions(
                    gid, setup["state"], seat=seat, types=[kind], effects=True, compact=True
                )
                self.assertTrue(kept["actions"])
                self.assertEqual({a["type"] for a in kept["actions"]}, {kind})
                if seat is not None:
                    self.assertEqual({a["player"] for a in kept["actions"]}, {seat})
                self.assertEqual(len(kept["effects_text"]), len(kept["actions"]))
                self.assertNotIn("effects", kept)

    def test_an_illegal_action_is_an_answer(self) -> None:
        setup = self.client.setup("railroad-barons", seed=SEED)
        action = dict(self.client.legal_actions("railroad-barons", setup["state"])["actions"][0])
        action["player"] = "A" if action["player"] == "B" else "B"  # the player who may not act
        verdict = self.client.validate("railroad-barons", setup["state"], action)
        self.assertFalse(verdict["valid"])
        self.assertEqual(verdict["violation"]["code"], "not_your_turn")
        self.assertTrue(verdict["violation"]["rule"].startswith("railroad-barons#"))

    def test_a_malformed_request_raises_with_its_pointers(self) -> None:
        state = self.client.setup("1846", seed=SEED)["state"]
        with self.assertRaises(RefusedError) as caught:
            self.client.validate("1846", state, {"type": "fly", "player": "seat-1"})
        refused = caught.exception
        self.assertEqual(refused.status, 422)
        self.assertEqual(refused.type, "urn:railrules:problem:invalid-request")
        self.assertEqual(refused.pointers, ["/action/type"])
        self.assertIn('"fly"', refused.errors[0]["detail"])
        self.assertIn("/action/type", str(refused))
        self.assertEqual(refused.problem["status"], 422)

        broken = copy.deepcopy(state)
        broken["move"] = "lots"
        with self.assertRaises(RefusedError) as caught:
            self.client.check("1846", broken)
        self.assertIn("/state/move", caught.exception.pointers)

    def test_an_inconsistent_state(self) -> None:
        state = self.client.setup("railroad-barons", seed=SEED)["state"]
        state["bank_paid_out"] += 1
        checked = self.client.check("railroad-barons", state)
        self.assertFalse(checked["consistent"])
        self.assertEqual([v["pointer"] for v in checked["violations"]], ["/bank_paid_out"])
        action = self.client.legal_actions(
            "railroad-barons", self.client.setup("railroad-barons", seed=SEED)["state"]
        )["actions"][0]
        with self.assertRaises(RefusedError) as caught:
            self.client.validate("railroad-barons", state, action)
        self.assertEqual(caught.exception.status, 422)
        self.assertEqual(caught.exception.pointers, ["/state/bank_paid_out"])
        self.assertEqual(caught.exception.errors[0].get("code"), "money_not_conserved")

    def test_a_stale_state_is_409(self) -> None:
        state = self.client.setup("1833ne", seed=SEED)["state"]
        action = self.client.legal_actions("1833ne", state)["actions"][0]
        with self.assertRaises(RefusedError) as caught:
            self.client.validate("1833ne", state, action, expected_move=state["move"] + 1)
        self.assertEqual(caught.exception.status, 409)
        self.assertEqual(caught.exception.type, "urn:railrules:problem:stale-state")
        self.assertEqual(caught.exception.pointers, ["/expected_move"])

    def test_an_unknown_game_is_404(self) -> None:
        with self.assertRaises(RefusedError) as caught:
            self.client.setup("no-such-game")
        self.assertEqual(caught.exception.status, 404)
        self.assertIn("no-such-game", caught.exception.detail)

    def test_view_render_components_and_schemas(self) -> None:
        for game in self.games:
            gid = game["id"]
            with self.subTest(game=gid):
                state = self.client.setup(gid, seed=SEED)["state"]
                if "view" in game["endpoints"]:
                    self.assertIsInstance(self.client.view(gid, state), dict)
                if "render" in game["endpoints"]:
                    svg = self.client.render(gid, state)
                    self.assertIn("<svg", svg[:200])
                    self.assertTrue(svg.rstrip().endswith("</svg>"))
                self.assertIsInstance(self.client.components(gid), dict)
                for kind in ("state", "action", "event"):
                    self.assertIsInstance(self.client.schema(gid, kind), dict)

    def test_import_an_export(self) -> None:
        imported = self.client.import_export("1846", EXPORT_1846)
        self.assertEqual(imported["imported"], 3)
        self.assertEqual(imported["save"]["game"], "1846")
        self.assertEqual(len(imported["save"]["actions"]), 3 + imported["inserted"] - imported["dropped"])

    def test_openapi(self) -> None:
        spec = self.client.openapi()
        self.assertEqual(spec["info"]["title"], "railrules")
        missing = [name for name in spec["components"]["schemas"] if not hasattr(models, name)]
        self.assertEqual(missing, [], "schemas the service publishes but models.py lacks: regenerate it")


if __name__ == "__main__":
    unittest.main()
