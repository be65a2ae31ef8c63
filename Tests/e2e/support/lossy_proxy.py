"""A loopback proxy in front of mastodon-mock that behaves like the worst real path:
it drops the Idempotency-Key header (as GoToSocial ignores it) and, when armed, forwards a
POST /api/v1/statuses to the server (so the post is made) and then closes the client's
connection without an answer (a lost answer).

Usage: lossy_proxy.py LISTEN_PORT UPSTREAM_BASE   (binds 127.0.0.1 only)
Control: POST /_proxy/lose-next-post arms it once; GET /_proxy/lost says how many were lost.
"""
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UPSTREAM = sys.argv[2].rstrip("/")
state = {"armed": 0, "lost": 0}
lock = threading.Lock()
HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host", "idempotency-key", "accept-encoding"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _reply(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _handle(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        if self.path == "/_proxy/lose-next-post":
            with lock:
                state["armed"] += 1
            return self._reply(200, b"armed")
        if self.path == "/_proxy/lost":
            with lock:
                return self._reply(200, str(state["lost"]).encode())
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        request = urllib.request.Request(UPSTREAM + self.path, data=body, headers=headers, method=self.command)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, answer_headers, answer_body = answer.status, answer.getheaders(), answer.read()
        except urllib.error.HTTPError as error:
            status, answer_headers, answer_body = error.code, error.headers.items(), error.read()
        lose = False
        if self.command == "POST" and self.path.split("?")[0] == "/api/v1/statuses":
            with lock:
                if state["armed"] > 0:
                    state["armed"] -= 1
                    state["lost"] += 1
                    lose = True
        if lose:
            # The server has published it; the client never hears so.
            self.close_connection = True
            self.connection.close()
            return
        kept = [(k, v) for k, v in answer_headers if k.lower() not in HOP]
        self._reply(status, answer_body, kept)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _handle


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
