"""mastodon-mock as `mastodon_mock serve --in-memory` runs it, except that its user and direct
streams send one event line that never ends, as fast as the client takes it: the flood of
issue 35, item 9.

Usage: flood_mock.py CONFIG PORT   (binds 127.0.0.1 only)
"""
import sys

import uvicorn
from fastapi.responses import StreamingResponse

from mastodon_mock.app import create_app
from mastodon_mock.config import MastodonMockConfig

config_path, port = sys.argv[1], int(sys.argv[2])
config = MastodonMockConfig.load(config_path)
config.database.path = ":memory:"
config.domain = f"127.0.0.1:{port}"
config.url_scheme = "http"
app = create_app(config)


async def flood() -> StreamingResponse:
    async def endless():
        yield b":)\n\nevent: update\ndata: "
        chunk = b"a" * (1 << 20)
        while True:
            yield chunk

    return StreamingResponse(endless(), media_type="text/event-stream")


for path in ("/api/v1/streaming/user", "/api/v1/streaming/direct"):
    app.add_api_route(path, flood, methods=["GET"])
    # Before the mock's own streaming routes, so this one answers.
    app.router.routes.insert(0, app.router.routes.pop())
uvicorn.run(app, host="127.0.0.1", port=port, server_header=False, log_level="warning")
