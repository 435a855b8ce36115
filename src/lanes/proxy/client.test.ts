// The proxy client over real TCP in Node: node:net stands in for workerd's `connect()` (same stream shapes, and
// `startTls` through node:tls). A scripted proxy checks the exact bytes on the wire; the forward proxy of the e2e tests
// checks real proxying, including a CONNECT tunnel to an HTTPS origin.
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as netConnect, createServer, isIP, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLocalhostCertificate, startForwardProxy, type ForwardProxy, type TestCertificate } from '../../../test/e2e/forward-proxy.ts';
import { proxyFetchVia, type ConnectFn, type SocketLike } from './client.ts';
import { parseProxySettings, type ProxySettings } from './settings.ts';

let trusted: string[] = [];

function nodeSocket(sock: Socket, opened: Promise<unknown>): SocketLike {
  let detached = false;
  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      sock.on('data', (d: Buffer) => {
        if (detached) return;
        c.enqueue(new Uint8Array(d));
        if ((c.desiredSize ?? 0) <= 0) sock.pause();
      });
      sock.on('end', () => !detached && tryIt(() => c.close()));
      sock.on('error', (e) => !detached && tryIt(() => c.error(e)));
      sock.on('close', () => !detached && tryIt(() => c.close()));
    },
    pull: () => void sock.resume(),
    cancel: () => void sock.destroy(),
  });
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => new Promise<void>((resolve, reject) => sock.write(chunk, (e) => (e ? reject(e) : resolve()))),
    close: () => new Promise<void>((resolve) => sock.end(resolve)),
    abort: () => void sock.destroy(),
  });
  return {
    readable,
    writable,
    opened,
    close: async () => void sock.destroy(),
    startTls(o) {
      detached = true;
      sock.removeAllListeners('data');
      const name = o?.expectedServerHostname;
      // SNI carries names only (RFC 6066 §3); the certificate is still checked against `host`.
      const t = tlsConnect({ socket: sock, host: name, servername: name && !isIP(name) ? name : undefined, ca: trusted });
      return nodeSocket(t, once(t, 'secureConnect'));
    },
  };
}

function tryIt(f: () => void): void {
  try {
    f();
  } catch {
    // the stream was already closed or errored
  }
}

const nodeConnectCalls: Array<{ hostname: string; port: number; secureTransport: string }> = [];
const nodeConnect: ConnectFn = (address, options) => {
  nodeConnectCalls.push({ ...address, secureTransport: options.secureTransport });
  const s = netConnect({ host: address.hostname, port: address.port });
  return nodeSocket(s, once(s, 'connect'));
};

/** A "proxy" that records the raw request bytes and answers with a script. */
interface Scripted {
  settings: ProxySettings;
  received: () => string;
  close(): Promise<void>;
}

async function scriptedProxy(answer: (sock: Socket, request: string) => void, proxyUrl = (port: number) => `http://127.0.0.1:${port}`): Promise<Scripted> {
  let received = '';
  const sockets = new Set<Socket>();
  const server: Server = createServer((sock) => {
    sockets.add(sock);
    let answered = false;
    sock.on('data', (d) => {
      received += d.toString('latin1');
      if (!answered && received.includes('\r\n\r\n')) {
        answered = true;
        answer(sock, received);
      }
    });
    sock.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    settings: parseProxySettings({ HTTP_PROXY: proxyUrl(port), HTTPS_PROXY: proxyUrl(port) }).http!,
    received: () => received,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

async function withScript(answer: (sock: Socket, request: string) => void, run: (s: Scripted) => Promise<void>): Promise<void> {
  const s = await scriptedProxy(answer);
  try {
    await run(s);
  } finally {
    await s.close();
  }
}

const reply = (bytes: string | Buffer, end = true) => (sock: Socket) => {
  sock.write(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes);
  if (end) sock.end();
};

describe('proxyFetchVia: request on the wire', () => {
  it('sends http:// targets in absolute form with proxy credentials and Connection: close', async () => {
    const s = await scriptedProxy(reply('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'), (p) => `http://us%20er:p%40ss@127.0.0.1:${p}`);
    try {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test:8080/a/b?x=1#frag', {
        method: 'GET',
        headers: { 'user-agent': 'svc-capture/1.0', accept: 'text/html', connection: 'keep-alive', host: 'evil' },
      });
      expect(await res.text()).toBe('ok');
      const lines = s.received().split('\r\n');
      expect(lines[0]).toBe('GET http://example.test:8080/a/b?x=1 HTTP/1.1');
      expect(lines).toContain('Host: example.test:8080');
      expect(lines).toContain('user-agent: svc-capture/1.0');
      expect(lines).toContain('accept: text/html');
      expect(lines).toContain('Connection: close');
      expect(lines).toContain('Accept-Encoding: gzip, deflate');
      expect(lines).toContain(`Proxy-Authorization: Basic ${Buffer.from('us er:p@ss').toString('base64')}`);
      expect(lines.filter((l) => /^(host|connection):/i.test(l))).toEqual(['Host: example.test:8080', 'Connection: close']);
    } finally {
      await s.close();
    }
  });

  it('omits the default port from Host and sends a body with its length', async () => {
    await withScript(reply('HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n'), async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/post', { method: 'POST', body: '{"a":"é"}', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(201);
      const [head, body] = s.received().split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toBe('POST http://example.test/post HTTP/1.1');
      expect(head).toContain('\r\nHost: example.test\r\n');
      expect(head).toContain('\r\nContent-Length: 10\r\n');
      expect(head).toContain('\r\ncontent-type: application/json\r\n');
      expect(Buffer.from(body, 'latin1').toString('utf8')).toBe('{"a":"é"}');
    });
  });

  it('opens a CONNECT tunnel for https:// targets and reports a refusal', async () => {
    await withScript(reply('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n'), async (s) => {
      await expect(proxyFetchVia(nodeConnect, s.settings, 'https://secure.test/page', { method: 'GET' })).rejects.toThrow(
        `proxy 127.0.0.1:${s.settings.url.port} refused CONNECT secure.test:443: 407 Proxy Authentication Required`,
      );
      expect(s.received()).toBe('CONNECT secure.test:443 HTTP/1.1\r\nHost: secure.test:443\r\n\r\n');
      expect(nodeConnectCalls.at(-1)).toEqual({ hostname: '127.0.0.1', port: Number(s.settings.url.port), secureTransport: 'starttls' });
    });
  });

  it('reports an unreachable proxy with its host:port', async () => {
    const s = await scriptedProxy(() => undefined);
    await s.close();
    await expect(proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {})).rejects.toThrow(`proxy 127.0.0.1:${s.settings.url.port}:`);
  });
});

describe('proxyFetchVia: responses', () => {
  it.each([
    ['content-length', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloEXTRA', 200, 'hello'],
    ['chunked', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n', 200, 'hello world'],
    ['close-delimited', 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end', 200, 'until the end'],
    ['interim 100 and 103 skipped', 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnope', 404, 'nope'],
    ['redirect not followed', 'HTTP/1.1 302 Found\r\nLocation: /next\r\nContent-Length: 0\r\n\r\n', 302, ''],
    ['599', 'HTTP/1.1 599 Odd\r\nContent-Length: 1\r\n\r\nx', 599, 'x'],
    ['HTTP/1.0 close', 'HTTP/1.0 200 OK\r\n\r\nold', 200, 'old'],
  ])('%s', async (_name, wire, status, body) => {
    await withScript(reply(wire), async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', { redirect: 'manual' });
      expect(res.status).toBe(status);
      expect(await res.text()).toBe(body);
    });
  });

  it.each([
    ['204', 'HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n', 204],
    ['304', 'HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n', 304],
  ])('%s has no body', async (_name, wire, status) => {
    await withScript(reply(wire, false), async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {});
      expect(res.status).toBe(status);
      expect(res.body).toBeNull();
    });
  });

  it('keeps repeated fields and decodes gzip like fetch does', async () => {
    const gz = gzipSync(Buffer.from('<p>compressed</p>'));
    const wire = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length}\r\n\r\n`), gz]);
    await withScript(reply(wire), async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {});
      expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(await res.text()).toBe('<p>compressed</p>');
    });
  });

  it.each([
    ['truncated Content-Length body', 'HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort', /5 body bytes missing/],
    ['truncated chunked body', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel', /inside a chunked body/],
  ])('errors the body stream on a %s', async (_name, wire, message) => {
    await withScript(reply(wire), async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {});
      await expect(res.text()).rejects.toThrow(message);
    });
  });

  it.each([
    ['no response', '', /connection closed before a response/],
    ['garbage', 'SSH-2.0-OpenSSH\r\n\r\n', /malformed status line/],
    ['bad Content-Length', 'HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\n', /invalid Content-Length/],
    ['101', 'HTTP/1.1 101 Switching Protocols\r\n\r\n', /unexpected 101/],
  ])('rejects on %s', async (_name, wire, message) => {
    await withScript(reply(wire), async (s) => {
      await expect(proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {})).rejects.toThrow(message);
    });
  });

  it('streams the body as it arrives instead of buffering it', async () => {
    let sock: Socket | null = null;
    await withScript((s) => {
      sock = s;
      s.write('HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nfirst-');
    }, async (s) => {
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', {});
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toBe('first-');
      (sock as Socket | null)?.end('second');
      const second = await reader.read();
      expect(new TextDecoder().decode(second.value)).toBe('second');
      expect((await reader.read()).done).toBe(true);
    });
  });

  it('honours an abort while waiting for the response head', async () => {
    await withScript(() => undefined, async (s) => {
      const ac = new AbortController();
      const pending = proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', { signal: ac.signal });
      setTimeout(() => ac.abort(new DOMException('deadline', 'TimeoutError')), 50);
      await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    });
  });

  it('honours an abort in the middle of the body and closes the socket', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    await withScript((sock) => {
      closed = once(sock, 'close');
      sock.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npart');
    }, async (s) => {
      const ac = new AbortController();
      const res = await proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', { signal: ac.signal });
      const reader = res.body!.getReader();
      await reader.read();
      ac.abort(new DOMException('stop', 'AbortError'));
      await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
      await closed;
    });
  });

  it('rejects at once when the signal is already aborted', async () => {
    await withScript(reply('HTTP/1.1 200 OK\r\n\r\n'), async (s) => {
      const calls = nodeConnectCalls.length;
      await expect(proxyFetchVia(nodeConnect, s.settings, 'http://example.test/', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
      expect(nodeConnectCalls.length).toBe(calls);
    });
  });
});

describe('proxyFetchVia through a forward proxy', () => {
  let proxy: ForwardProxy;
  let cert: TestCertificate;
  let origin: import('node:http').Server;
  let secure: import('node:https').Server;
  const big = Buffer.alloc(3 * 1024 * 1024, 'abcdefghij');

  beforeAll(async () => {
    cert = makeLocalhostCertificate();
    trusted = [cert.cert];
    proxy = await startForwardProxy();
    const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(big);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${req.method} ${req.url} host=${req.headers.host} ua=${req.headers['user-agent']}`);
    };
    origin = createHttpServer(handler).listen(0, '127.0.0.1');
    secure = createHttpsServer({ key: cert.key, cert: cert.cert }, handler).listen(0, '127.0.0.1');
    await Promise.all([once(origin, 'listening'), once(secure, 'listening')]);
  });

  afterAll(async () => {
    await proxy?.close();
    origin?.closeAllConnections();
    secure?.closeAllConnections();
    origin?.close();
    secure?.close();
    cert?.dispose();
  });

  const settings = (): ProxySettings => parseProxySettings({ HTTPS_PROXY: proxy.url }).https!;

  it('fetches an http:// origin through the proxy', async () => {
    const port = (origin.address() as AddressInfo).port;
    const res = await proxyFetchVia(nodeConnect, settings(), `http://127.0.0.1:${port}/hello?x=1`, { headers: { 'user-agent': 'ua-test' } });
    expect(await res.text()).toBe(`GET /hello?x=1 host=127.0.0.1:${port} ua=ua-test`);
    expect(proxy.seen.at(-1)).toMatchObject({ kind: 'absolute', target: `http://127.0.0.1:${port}/hello?x=1` });
  });

  it('fetches an https:// origin through a CONNECT tunnel with TLS for the origin name', async () => {
    const port = (secure.address() as AddressInfo).port;
    const res = await proxyFetchVia(nodeConnect, settings(), `https://localhost:${port}/secure`, { headers: { 'user-agent': 'ua-tls' } });
    expect(await res.text()).toBe(`GET /secure host=localhost:${port} ua=ua-tls`);
    expect(proxy.seen.at(-1)).toMatchObject({ kind: 'connect', target: `localhost:${port}` });
  });

  it('fails the TLS handshake when the certificate does not match the origin name', async () => {
    const port = (secure.address() as AddressInfo).port;
    await expect(proxyFetchVia(nodeConnect, settings(), `https://127.0.0.1:${port}/`, {})).rejects.toThrow(/altnames|certificate/i);
    expect(proxy.seen.at(-1)).toMatchObject({ kind: 'connect', target: `127.0.0.1:${port}` });
  });

  it('streams a large chunked body intact', async () => {
    const port = (origin.address() as AddressInfo).port;
    const res = await proxyFetchVia(nodeConnect, settings(), `http://127.0.0.1:${port}/big`, {});
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(big.length);
    expect(got.equals(big)).toBe(true);
  });
});
