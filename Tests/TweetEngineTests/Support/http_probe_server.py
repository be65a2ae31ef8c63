"""A tiny loopback HTTP server for the transport tests (run with the project's .venv python).

Routes:
  /echo            -> JSON of the request: method, path, headers, body
  /gzip            -> a gzip-encoded JSON body (Content-Encoding: gzip)
  /big?bytes=N     -> N bytes of 'a'
  /redirect-same   -> 302 to /echo on this server
  /redirect-other  -> 302 to the same path on 127.0.0.2 (another host)
  /slow?ms=N       -> waits N ms, then 200
  /truncated       -> announces Content-Length 100, sends 10 bytes and closes
  /flood           -> an event stream whose one line never ends, sent as fast as the
                      client takes it, until the client closes the connection
  /flood-status    -> JSON: how many /flood connections the client closed, bytes sent
Usage: http_probe_server.py PORT (binds 127.0.0.1 only).
"""
import gzip
import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


FLOOD = {"closed": 0, "sent": 0}
QUIET = {"closed": 0}
FLOOD_LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, status, body, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _handle(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if url.path == "/echo":
            doc = {
                "method": self.command,
                "path": self.path,
                "headers": [[k, v] for k, v in self.headers.items()],
                "body": body.decode("utf-8", "replace"),
                "connection": id(self.connection),
                "client_port": self.client_address[1],
            }
            self._send(200, json.dumps(doc).encode(), {"Content-Type": "application/json"})
        elif url.path == "/gzip":
            raw = json.dumps({"compressed": True, "accept_encoding": self.headers.get("Accept-Encoding")}).encode()
            self._send(200, gzip.compress(raw), {"Content-Type": "application/json", "Content-Encoding": "gzip"})
        elif url.path == "/big":
            size = int(query.get("bytes", ["1000"])[0])
            self._send(200, b"a" * size, {"Content-Type": "text/plain"})
        elif url.path == "/redirect-same":
            self._send(302, b"", {"Location": "/echo?redirected=1"})
        elif url.path == "/redirect-other":
            port = self.server.server_address[1]
            self._send(302, b"", {"Location": f"http://127.0.0.2:{port}/echo"})
        elif url.path == "/health":
            self._send(200, b"OK", {"Content-Type": "text/plain"})
        elif url.path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "100")
            self.end_headers()
            self.wfile.write(b'{"id":"12"')
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(2)
        elif url.path == "/flood":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            chunk = b"a" * 65536
            try:
                self.wfile.write(b"event: update\ndata: ")
                while True:
                    self.wfile.write(chunk)
                    with FLOOD_LOCK:
                        FLOOD["sent"] += len(chunk)
            except OSError:
                with FLOOD_LOCK:
                    FLOOD["closed"] += 1
                self.close_connection = True
        elif url.path == "/quiet":
            # A stream that says one comment and then nothing, until the client goes.
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            try:
                self.wfile.write(b":hello\n\n")
                self.wfile.flush()
                for _ in range(600):
                    time.sleep(0.1)
                    try:
                        if self.connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b"":
                            break
                    except BlockingIOError:
                        continue
            except OSError:
                pass
            with FLOOD_LOCK:
                QUIET["closed"] += 1
            self.close_connection = True
        elif url.path == "/quiet-status":
            with FLOOD_LOCK:
                body = json.dumps(QUIET).encode()
            self._send(200, body, {"Content-Type": "application/json"})
        elif url.path == "/flood-status":
            with FLOOD_LOCK:
                body = json.dumps(FLOOD).encode()
            self._send(200, body, {"Content-Type": "application/json"})
        elif url.path == "/slow":
            time.sleep(int(query.get("ms", ["1000"])[0]) / 1000)
            self._send(200, b"late", {"Content-Type": "text/plain"})
        else:
            self._send(404, b'{"error":"Record not found"}', {"Content-Type": "application/json"})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle


def main():
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
