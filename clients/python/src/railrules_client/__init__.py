"""A client of the railrules HTTP API: `Client` (standard library only) and, in
`railrules_client.models`, the API's request and response bodies as TypedDicts generated from
openapi/openapi.json.

    from railrules_client import Client
    client = Client("http://127.0.0.1:8080")  # or Client(): RAILRULES_URL, else that address
    setup = client.setup("railroad-barons", seed=7)
    legal = client.legal_actions("railroad-barons", setup["state"])
    verdict = client.validate("railroad-barons", setup["state"], legal["actions"][0])
"""

from . import models
from .client import (
    DEFAULT_URL,
    AnswerError,
    Client,
    NoServiceError,
    RailrulesError,
    RefusedError,
    __version__,
)

__all__ = [
    "DEFAULT_URL",
    "AnswerError",
    "Client",
    "NoServiceError",
    "RailrulesError",
    "RefusedError",
    "__version__",
    "models",
]
