// A reverse proxy that makes a local server look like the edge to a browser: text is
// compressed (brotli for browsers that ask for it, else gzip), and it speaks HTTP/2 over
// TLS. The local workerd sends text uncompressed over HTTP/1.1, so Lighthouse would weigh
// bytes no visitor downloads and queue the page's dozen module scripts on six connections.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants, createBrotliCompress, createGzip } from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
// Connection-level headers of HTTP/1.1, which HTTP/2 forbids.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "http2-settings"]);

/** The encoder for a response, or null to pass it through as it came. */
function encoderFor(req, upstream) {
  if (req.method === "HEAD" || upstream.statusCode === 204 || upstream.statusCode === 304) return null;
  if (upstream.headers["content-encoding"] || !COMPRESSIBLE.test(upstream.headers["content-type"] ?? "")) return null;
  const accepted = String(req.headers["accept-encoding"] ?? "");
  // Flushed per chunk, as the edge streams: a streamed SSR page's head is not held back.
  if (/\bbr\b/.test(accepted)) {
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5 };
    return { name: "br", stream: createBrotliCompress({ params, flush: constants.BROTLI_OPERATION_FLUSH }) };
  }
  if (/\bgzip\b/.test(accepted)) return { name: "gzip", stream: createGzip({ flush: constants.Z_SYNC_FLUSH }) };
  return null;
}

/** A throwaway self-signed certificate for localhost, or null without openssl. */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), "league-proxy-"));
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const args = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"];
  const res = spawnSync("openssl", [...args, "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"], { stdio: "ignore" });
  return res.status === 0 ? { key: readFileSync(key), cert: readFileSync(cert) } : null;
}

/**
 * Listens on `port` and forwards every request to `upstream` (an http origin). Resolves to
 * the proxy's origin: https (HTTP/2, HTTP/1.1 for older clients) with a self-signed
 * certificate the browser must be told to accept, or plain http when openssl is missing.
 */
export function startCompressProxy(port, upstream) {
  const target = new URL(upstream);
  const handler = (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !k.startsWith(":") && !HOP_BY_HOP.has(k)));
    headers.host = req.headers[":authority"] ?? req.headers.host;
    const forward = httpRequest({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (up) => {
      const encoder = encoderFor(req, up);
      const out = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
      if (encoder) {
        delete out["content-length"];
        out["content-encoding"] = encoder.name;
        out.vary = out.vary ? `${out.vary}, Accept-Encoding` : "Accept-Encoding";
      }
      res.writeHead(up.statusCode ?? 502, out);
      if (encoder) up.pipe(encoder.stream).pipe(res);
      else up.pipe(res);
    });
    forward.on("error", (err) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(forward);
  };
  const tls = selfSigned();
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handler) : createServer(handler);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "localhost", () => resolve(`${tls ? "https" : "http"}://localhost:${port}`));
  });
}
