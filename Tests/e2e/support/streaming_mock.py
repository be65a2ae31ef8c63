"""mastodon-mock as `mastodon_mock serve --in-memory` runs it, with one test-only route that
puts raw text on a user's stream, so a test can send what no API call makes: a malformed
event (an event whose data is not JSON, a line that is not a field).

Usage: streaming_mock.py CONFIG PORT   (binds 127.0.0.1 only)
Control: POST /_test/publish?account=ID&event=NAME with the raw data as the body.
"""
import sys

import uvicorn
from fastapi import Request
from fastapi.responses import PlainTextResponse

from mastodon_mock.app import create_app
from mastodon_mock.config import MastodonMockConfig
from mastodon_mock.streaming import publish, user_channel

config_path, port = sys.argv[1], int(sys.argv[2])
config = MastodonMockConfig.load(config_path)
config.database.path = ":memory:"
config.domain = f"127.0.0.1:{port}"
config.url_scheme = "http"
app = create_app(config)


async def raw_publish(request: Request) -> PlainTextResponse:
    """The body goes out as the event's data as it is (a string payload is not encoded)."""
    body = (await request.body()).decode()
    account = int(request.query_params["account"])
    publish(app, request.query_params["event"], body, {user_channel(account)})
    return PlainTextResponse("ok")


app.add_api_route("/_test/publish", raw_publish, methods=["POST"])
# Before any catch-all the mock mounts, so the route is reached.
app.router.routes.insert(0, app.router.routes.pop())
uvicorn.run(app, host="127.0.0.1", port=port, server_header=False, log_level="info")
