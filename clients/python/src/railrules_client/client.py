"""A small client of the railrules HTTP API over the standard library (urllib, json).

Each method posts a JSON body to `/v1/{game}/{endpoint}` and returns the answer as
`json.loads` reads it; the TypedDicts of `railrules_client.models` describe every body and
answer (`G1846SetupResponse`, `RailroadBaronsValidateResponse`...):

    from railrules_client import Client, models
    client = Client()  # RAILRULES_URL, else http://127.0.0.1:8080
    setup: models.G1846SetupResponse = client.setup("1846", seed=1)

A refused request (4xx/5xx) raises `RefusedError`, carrying the problem+json; no service at the
address raises `NoServiceError`, saying what to start.
"""

from __future__ import annotations

import errno
import http.client
import json
import os
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import models

#: Where a client looks when neither `base_url` nor RAILRULES_URL says: the service's default.
DEFAULT_URL = "http://127.0.0.1:8080"

__version__ = "0.1.0"


class RailrulesError(Exception):
    """Any failure of a call: `NoServiceError`, `RefusedError` or `AnswerError`."""


class NoServiceError(RailrulesError):
    """Nothing answers at the base URL (connection refused, unknown host, connect timeout)."""

    def __init__(self, base_url: str, cause: str) -> None:
        self.base_url = base_url
        self.cause = cause
        super().__init__(
            f"no railrules service answers at {base_url} ({cause}): start one with "
            "`cargo run --release` in the railrules folder (it listens on port 8080), "
            "or set RAILRULES_URL to the address of one that runs"
        )


class RefusedError(RailrulesError):
    """The service refused the request: a 4xx/5xx answer with its problem+json (RFC 9457).

    `status`, `type`, `title`, `detail` and `errors` (each `{pointer, detail}`, with `code` and
    `rule` for a violation of the rules) are the problem's; `problem` is all of it. An illegal
    action is not refused: `validate` answers it with `valid: false`.
    """

    def __init__(self, method: str, url: str, problem: models.Problem) -> None:
        self.method = method
        self.url = url
        self.problem = problem
        self.status: int = problem["status"]
        self.type: str = problem["type"]
        self.title: str = problem["title"]
        self.detail: str = problem["detail"]
        self.errors: list[models.ProblemError] = problem["errors"]
        self.omitted: int = problem.get("omitted", 0)
        lines = [f"{method} {url} was refused ({self.status} {self.title}): {self.detail}"]
        lines += [f"  {error['pointer'] or '(the body)'}: {error['detail']}" for error in self.errors]
        if self.omitted:
            lines.append(f"  ... and {self.omitted} more")
        super().__init__("\n".join(lines))

    @property
    def pointers(self) -> list[str]:
        """The JSON pointer of each error, in order (`/state/players/0/cash`; "" for the body)."""
        return [error["pointer"] for error in self.errors]


class AnswerError(RailrulesError):
    """The service was reached but gave no usable answer: a broken transfer, a timeout while
    it worked, or a body that is not the JSON the API promises."""

    def __init__(self, url: str, cause: str) -> None:
        self.url = url
        self.cause = cause
        super().__init__(f"{url} gave no usable answer: {cause}")


class Client:
    """A railrules service at one base URL.

    `base_url` defaults to the RAILRULES_URL environment variable, else DEFAULT_URL.
    `timeout` is in seconds, for connecting and for each read (the service's own deadline
    is 10 s a request by default).
    """

    def __init__(self, base_url: str | None = None, *, timeout: float = 30.0) -> None:
        url = base_url or os.environ.get("RAILRULES_URL") or DEFAULT_URL
        self.base_url = url.rstrip("/")
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"Client({self.base_url!r})"

    # The service.

    def games(self) -> models.GamesResponse:
        """`GET /v1/games`: every game, its player counts, rules version and `endpoints`."""
        return cast(models.GamesResponse, self.get("/v1/games"))

    def health(self) -> models.Health:
        """`GET /healthz`: `{"status": "ok"}` while the service runs."""
        return cast(models.Health, self.get("/healthz"))

    def openapi(self) -> dict[str, Any]:
        """`GET /openapi.json`: the OpenAPI 3.1 document."""
        return cast(dict[str, Any], self.get("/openapi.json"))

    # A game's endpoints. `game` is the id its URLs use (`1846`, `railroad-barons`...).

    def setup(self, game: str, options: Mapping[str, Any] | None = None, seed: int | None = None) -> Any:
        """`POST /v1/{game}/setup`: `{state, to_act, seed}` (`<Game>SetupResponse`).

        Without `seed` the service draws one and names it in the answer.
        """
        return self.post(game, "setup", _body(options=options, seed=seed))

    def validate(
        self,
        game: str,
        state: Mapping[str, Any],
        action: Mapping[str, Any],
        expected_move: int | None = None,
    ) -> Any:
        """`POST /v1/{game}/validate`: `{valid: True, state, to_act, events}` or
        `{valid: False, violation}` (`<Game>ValidateResponse`). With `expected_move`, a state at
        another move is refused (409, `stale-state`)."""
        return self.post(game, "validate", _body(state=state, action=action, expected_move=expected_move))

    def legal_actions(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        seat: str | None = None,
        types: Sequence[str] | None = None,
        effects: bool | None = None,
        compact: bool | None = None,
        expected_move: int | None = None,
    ) -> Any:
        """`POST /v1/{game}/legal-actions`: `{to_act, actions, ranges, choices, complete,
        incomplete}` (`<Game>LegalActionsResponse`). `seat` keeps one seat's actions, `types`
        those of some types; `effects=True` adds each action's events, with `compact=True` as
        lines of English (`effects_text`)."""
        body = _body(
            state=state,
            seat=seat,
            types=list(types) if types is not None else None,
            effects=effects,
            compact=compact,
            expected_move=expected_move,
        )
        return self.post(game, "legal-actions", body)

    def replay(
        self,
        game: str,
        actions: Sequence[Mapping[str, Any]],
        *,
        setup: Mapping[str, Any] | None = None,
        state: Mapping[str, Any] | None = None,
        log: bool | None = None,
    ) -> Any:
        """`POST /v1/{game}/replay`: the actions applied in order from a new game (`setup`, a
        setup body `{options?, seed?}`) or from `state`: exactly one of the two. Answers
        `{valid: True, state, to_act, events}`, or `{valid: False, index, violation, ...}` at
        the first illegal action (`<Game>ReplayResponse`); `log=True` adds the game's log."""
        if (setup is None) == (state is None):
            raise ValueError("replay takes exactly one of setup= (a new game) and state=")
        return self.post(game, "replay", _body(setup=setup, state=state, actions=list(actions), log=log))

    def check(self, game: str, state: Mapping[str, Any]) -> models.CheckResponse:
        """`POST /v1/{game}/check`: `{consistent, violations}`: whether the rules can reach the
        state, and every violation (with its pointer into the state) if not."""
        return cast(models.CheckResponse, self.post(game, "check", {"state": state}))

    def view(self, game: str, state: Mapping[str, Any], seat: str | None = None) -> Any:
        """`POST /v1/{game}/view` (games with hidden information): the state with its hidden
        piles redacted; with `seat`, what that seat may see (`<Game>View`)."""
        return self.post(game, "view", _body(state=state, seat=seat))

    def render(self, game: str, state: Mapping[str, Any]) -> str:
        """`POST /v1/{game}/render`: the state drawn as SVG."""
        return cast(str, self._call("POST", f"/v1/{_segment(game)}/render", {"state": state}, text=True))

    def import_export(self, game: str, export: Mapping[str, Any]) -> Any:
        """`POST /v1/{game}/import`: an 18xx.games export as a railrules save file,
        `{save, imported, inserted, dropped}` (`<Game>ImportResponse`)."""
        return self.post(game, "import", export)

    def components(self, game: str) -> Any:
        """`GET /v1/{game}/components`: the game's static data (`<Game>Components`)."""
        return self.get(f"/v1/{_segment(game)}/components")

    def schema(self, game: str, kind: str) -> dict[str, Any]:
        """`GET /v1/{game}/schema/{kind}`, `kind` one of `state`, `action`, `event`: a JSON Schema."""
        return cast(dict[str, Any], self.get(f"/v1/{_segment(game)}/schema/{_segment(kind)}"))

    # Any endpoint.

    def post(self, game: str, endpoint: str, body: Mapping[str, Any]) -> Any:
        """POSTs `body` to `/v1/{game}/{endpoint}` and returns the JSON answer."""
        return self._call("POST", f"/v1/{_segment(game)}/{endpoint}", body)

    def get(self, path: str) -> Any:
        """GETs `path` (`/v1/games`) and returns the JSON answer."""
        return self._call("GET", path, None)

    def _call(self, method: str, path: str, body: Mapping[str, Any] | None, text: bool = False) -> Any:
        url = self.base_url + path
        data = None
        headers = {"User-Agent": f"railrules-client-python/{__version__}"}
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            response = urllib.request.urlopen(request, timeout=self.timeout)
        except urllib.error.HTTPError as refused:
            with refused:
                raw = _read(url, refused)
            raise RefusedError(method, url, _problem(refused.code, refused.reason, raw)) from None
        except urllib.error.URLError as error:  # connecting, or sending the request
            reason = error.reason
            if isinstance(reason, OSError) and _no_service(reason):
                raise NoServiceError(self.base_url, _cause(reason)) from None
            raise AnswerError(url, _cause(reason) if isinstance(reason, OSError) else str(reason)) from None
        except (OSError, http.client.HTTPException) as error:  # reached, then cut off or too slow
            raise AnswerError(url, _cause(error)) from None
        with response:
            raw = _read(url, response)
        if text:
            return raw.decode("utf-8", errors="replace")
        try:
            return json.loads(raw)
        except ValueError as error:
            raise AnswerError(url, f"not JSON ({error})") from None


def _body(**fields: Any) -> dict[str, Any]:
    """The fields that are not None: absent fields take the service's defaults."""
    return {name: value for name, value in fields.items() if value is not None}


def _segment(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def _read(url: str, response: Any) -> bytes:
    try:
        return cast(bytes, response.read())
    except (OSError, http.client.HTTPException) as error:
        raise AnswerError(url, f"the answer broke off ({_cause(error)})") from None


def _no_service(error: OSError) -> bool:
    """Whether a failure to connect and send says that nothing listens there."""
    if isinstance(error, (ConnectionRefusedError, socket.gaierror, TimeoutError)):
        return True
    return error.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.EADDRNOTAVAIL, errno.ECONNREFUSED)


def _cause(error: BaseException) -> str:
    """`Connection refused` rather than `[Errno 111] Connection refused`."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _problem(status: int, reason: str, raw: bytes) -> models.Problem:
    """The answer's problem+json; a problem made of the status line when the body is not one
    (a proxy's error page)."""
    try:
        problem = json.loads(raw)
        if isinstance(problem, dict) and isinstance(problem.get("errors"), list):
            problem.setdefault("status", status)
            problem.setdefault("type", "about:blank")
            problem.setdefault("title", reason)
            problem.setdefault("detail", "")
            return cast(models.Problem, problem)
    except ValueError:
        pass
    text = raw.decode("utf-8", errors="replace").strip()
    return {"type": "about:blank", "title": str(reason), "status": status, "detail": text[:500], "errors": []}
