"""mastodon-mock as `mastodon_mock serve --in-memory` runs it, except that it is WebSocket-only
(the SSE streams answer 404) and its WebSocket floods the client:

  flood      text messages of 1 MiB (Mastodon's envelope around a payload no one can read),
             as fast as the client takes them;
  oversize   one 5 MiB message (over loowi's 4 MiB bound) on every connection, then quiet.

Usage: ws_flood_mock.py CONFIG PORT MODE   (binds 127.0.0.1 only)
"""
import asyncio
import json
import sys

import uvicorn
from fastapi import HTTPException, WebSocket

from mastodon_mock.app import create_app
from mastodon_mock.config import MastodonMockConfig

config_path, port, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
config = MastodonMockConfig.load(config_path)
config.database.path = ":memory:"
config.domain = f"127.0.0.1:{port}"
config.url_scheme = "http"
app = create_app(config)


async def no_sse() -> None:
    raise HTTPException(status_code=404, detail="Not found")


async def socket(websocket: WebSocket) -> None:
    await websocket.accept()
    if mode == "flood":
        message = json.dumps({"stream": ["user"], "event": "update", "payload": "a" * (1 << 20)})
        while True:
            await websocket.send_text(message)
    else:
        await websocket.send_text(json.dumps({"stream": ["user"], "event": "update", "payload": "b" * (5 << 20)}))
        await asyncio.sleep(3600)


for path in ("/api/v1/streaming/user", "/api/v1/streaming/direct"):
    app.add_api_route(path, no_sse, methods=["GET"])
    app.router.routes.insert(0, app.router.routes.pop())
app.add_api_websocket_route("/api/v1/streaming", socket)
app.router.routes.insert(0, app.router.routes.pop())
uvicorn.run(app, host="127.0.0.1", port=port, server_header=False, log_level="warning")
