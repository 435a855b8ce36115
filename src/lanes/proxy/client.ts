// One HTTP/1.1 request through an HTTP proxy over a raw TCP socket (Workers' fetch cannot use a proxy). http://
// targets are asked of the proxy in absolute form (RFC 9112 §3.2.2); https:// targets go through a CONNECT tunnel
// (RFC 9110 §9.3.6) upgraded to TLS with the target's name. One request per connection (`Connection: close`), no
// redirects followed, the body streamed as it arrives. The socket is injected (`ConnectFn`): workerd's `connect()`
// in the Worker, node:net in tests.
import { bodyFraming, Http1Error } from './http1.ts';
import { hostPort, type ProxySettings } from './settings.ts';
import { bodyStream, Conn, readFinalHead, requestHead, type ConnectFn } from './wire.ts';
import { errorMessage } from '../../io/errors.ts';

export type { ConnectFn, SocketLike } from './wire.ts';

/** Statuses whose responses never carry content (Fetch standard "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Hop-by-hop or framing fields this client sets itself (RFC 9110 §7.6.1, RFC 9112 §6). */
const OWN_FIELDS = new Set([
  'host', 'connection', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'content-length', 'transfer-encoding', 'te', 'upgrade',
]);

function basicCredentials(url: URL): string | null {
  if (!url.username && !url.password) return null;
  const pair = new TextEncoder().encode(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`);
  return `Basic ${btoa(String.fromCharCode(...pair))}`;
}

function unbracket(host: string): string {
  return host.startsWith('[') ? host.slice(1, -1) : host;
}

function describe(err: unknown): string {
  return errorMessage(err, err instanceof Error ? err.name : 'error');
}

function decoded(body: ReadableStream<Uint8Array>, headers: Headers, method: string): ReadableStream<Uint8Array> {
  // fetch() hands out decoded content; do the same for the codings this client asks for (gzip, deflate).
  const coding = (headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (method === 'HEAD') return body;
  if (coding === 'gzip' || coding === 'x-gzip') return body.pipeThrough(new DecompressionStream('gzip'));
  if (coding === 'deflate') return body.pipeThrough(new DecompressionStream('deflate'));
  return body;
}

/** `fetch(input, init)` with `redirect: 'manual'` semantics, sent through `proxy`. */
export async function proxyFetchVia(
  connect: ConnectFn,
  proxy: ProxySettings,
  input: string,
  init: RequestInit = {},
): Promise<Response> {
  const target = new URL(input);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new TypeError(`unsupported URL scheme: ${target.protocol}`);
  }
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw signal.reason;
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  let body: Uint8Array | null = null;
  if (init.body !== undefined && init.body !== null) {
    const req = new Request(target, { method, body: init.body, headers });
    body = new Uint8Array(await req.arrayBuffer());
    const type = req.headers.get('content-type');
    if (type !== null && !headers.has('content-type')) headers.set('content-type', type);
  }

  const via = hostPort(proxy);
  const https = target.protocol === 'https:';
  const port = Number(target.port || (https ? 443 : 80));
  const authority = `${target.hostname}:${port}`;
  const auth = basicCredentials(proxy.url);
  let socket = connect(
    { hostname: unbracket(proxy.url.hostname), port: Number(proxy.url.port || 80) },
    { secureTransport: https ? 'starttls' : 'off', allowHalfOpen: false },
  );
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    signal?.removeEventListener('abort', finish);
    socket.close().catch(() => undefined);
  };
  // Aborting closes the socket, which ends any pending read; the code after each await reports signal.reason.
  signal?.addEventListener('abort', finish, { once: true });

  let tlsFailure: unknown = null;
  try {
    try {
      await socket.opened;
    } catch (err) {
      throw new Error(`proxy ${via}: ${describe(err)}`);
    }
    let conn = new Conn(socket);
    let path = `${target.pathname}${target.search}`;
    if (https) {
      const connectLines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
      if (auth) connectLines.push(`Proxy-Authorization: ${auth}`);
      await conn.write(requestHead(connectLines));
      const answer = await readFinalHead(conn);
      if (answer.status < 200 || answer.status > 299) {
        throw new Error(`proxy ${via} refused CONNECT ${authority}: ${answer.status} ${answer.statusText}`.trim());
      }
      if (conn.hasPending) throw new Http1Error(`proxy ${via} sent data before the TLS handshake`);
      conn.release();
      socket = socket.startTls({ expectedServerHostname: unbracket(target.hostname) });
      // A failed handshake surfaces as a read or write error below; keep its own reason for the message.
      socket.opened.catch((err: unknown) => {
        tlsFailure = err;
      });
      conn = new Conn(socket);
    } else {
      // RFC 9112 §3.2.2: a request to a proxy carries the absolute URI (no fragment, no userinfo).
      path = `${target.protocol}//${target.host}${path}`;
    }
    const lines = [`${method} ${path} HTTP/1.1`, `Host: ${target.host}`];
    headers.forEach((value, name) => {
      if (!OWN_FIELDS.has(name)) lines.push(`${name}: ${value}`);
    });
    if (!headers.has('accept-encoding')) lines.push('Accept-Encoding: gzip, deflate');
    if (body !== null || ['POST', 'PUT', 'PATCH'].includes(method)) lines.push(`Content-Length: ${body?.length ?? 0}`);
    if (!https && auth) lines.push(`Proxy-Authorization: ${auth}`);
    lines.push('Connection: close');
    await conn.write(requestHead(lines));
    if (body !== null && body.length > 0) await conn.write(body);
    if (signal?.aborted) throw signal.reason;

    const head = await readFinalHead(conn);
    const resHeaders = new Headers();
    for (const [name, value] of head.headers) resHeaders.append(name, value);
    const framing = bodyFraming(method, head);
    const meta = { status: head.status, statusText: safeStatusText(head.statusText), headers: resHeaders };
    let response: Response;
    if (NULL_BODY.has(head.status)) {
      finish();
      response = new Response(null, meta);
    } else {
      response = new Response(decoded(bodyStream(conn, framing, signal, finish), resHeaders, method), meta);
    }
    return response;
  } catch (err) {
    finish();
    if (signal?.aborted) throw signal.reason;
    if (tlsFailure !== null) {
      throw new Error(`TLS with ${target.hostname} (through proxy ${via}) failed: ${describe(tlsFailure)}`);
    }
    throw err;
  }
}

/** RFC 9112 §4 reason-phrase octets; anything else is dropped rather than failing the response. */
function safeStatusText(text: string): string {
  return /^[\t \x21-\x7e\x80-\xff]*$/.test(text) ? text : '';
}
