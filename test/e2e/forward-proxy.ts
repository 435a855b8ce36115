// Test helpers for the environment proxy: a tiny HTTP forward proxy (absolute-form requests, RFC 9112 §3.2.2, and
// CONNECT tunnels, RFC 9110 §9.3.6) that records what it proxied, and a throw-away TLS certificate for `localhost`
// (made with the openssl CLI) so that a tunnelled HTTPS origin can be trusted by the client under test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ProxiedRequest {
  /** `absolute` = a plain http:// request in absolute form; `connect` = a CONNECT tunnel. */
  kind: 'absolute' | 'connect';
  method: string;
  /** The request target as received: `http://host:port/path` or `host:port`. */
  target: string;
  proxyAuthorization: string | null;
}

export interface ForwardProxy {
  port: number;
  url: string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

export interface ForwardProxyOptions {
  /** Answer every CONNECT with this status instead of opening the tunnel. */
  refuseConnect?: number;
  /** Require this exact Proxy-Authorization value (else 407). */
  requireAuthorization?: string;
}

const HOP_BY_HOP = ['proxy-authorization', 'proxy-connection', 'connection', 'keep-alive'];

export async function startForwardProxy(opts: ForwardProxyOptions = {}): Promise<ForwardProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const authorized = (h: IncomingHttpHeaders): boolean =>
    opts.requireAuthorization === undefined || h['proxy-authorization'] === opts.requireAuthorization;

  const server = createServer((req, res) => {
    const target = req.url ?? '';
    seen.push({ kind: 'absolute', method: req.method ?? '', target, proxyAuthorization: req.headers['proxy-authorization'] ?? null });
    if (!/^http:\/\//.test(target)) {
      res.writeHead(400).end('absolute-form required');
      return;
    }
    if (!authorized(req.headers)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    const upstream = request(target, { method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.statusMessage, up.rawHeaders);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    seen.push({ kind: 'connect', method: 'CONNECT', target, proxyAuthorization: req.headers['proxy-authorization'] ?? null });
    if (opts.refuseConnect !== undefined || !authorized(req.headers)) {
      const status = opts.refuseConnect ?? 407;
      client.end(`HTTP/1.1 ${status} Refused\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const i = target.lastIndexOf(':');
    const upstream = connect({ host: target.slice(0, i).replace(/^\[|\]$/g, ''), port: Number(target.slice(i + 1)) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate as a PEM file (for NODE_EXTRA_CA_CERTS). */
  certFile: string;
  dispose(): void;
}

/** A self-signed certificate for `localhost` (EC P-256, valid two days), made with the openssl CLI. */
export function makeLocalhostCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-proxy-cert-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const r = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost',
  ], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl could not make a test certificate: ${r.error?.message ?? r.stderr}`);
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
