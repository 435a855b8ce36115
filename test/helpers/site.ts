// Fixture sites for tests: a node:http server on 127.0.0.1 per origin, with a route table and a request log (so a test
// can prove that no request arrived, e.g. when robots.txt was unreachable).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, site: Site) => void | Promise<void>;

export interface LoggedRequest {
  method: string;
  path: string;
  userAgent: string | null;
  at: number;
}

export interface Site {
  origin: string;
  port: number;
  requests: LoggedRequest[];
  route(path: string, handler: Handler): void;
  /** Requests to `path` (exact, query included). */
  hits(path: string): LoggedRequest[];
  close(): Promise<void>;
}

export function html(body: string, opts: { status?: number; headers?: Record<string, string> } = {}): Handler {
  return (_req, res) => {
    res.writeHead(opts.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...opts.headers });
    res.end(body);
  };
}

export function text(body: string | Buffer, contentType: string, status = 200, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
}

export function redirect(location: string, status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location });
    res.end();
  };
}

/** A whole generated site as one '*' route: `robots` at /robots.txt, else `render(path)` as HTML, or a 404 for null. */
export function pagesHandler(robots: string, render: (path: string) => string | null): Handler {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const body = path === '/robots.txt' ? robots : render(path);
    const type = path === '/robots.txt' || body === null ? 'text/plain' : 'text/html; charset=utf-8';
    res.writeHead(body === null ? 404 : 200, { 'content-type': type });
    res.end(body ?? 'not found');
  };
}

/** Never answers (the socket stays open until the server closes). */
export const hang: Handler = () => undefined;

export async function startSite(routes: Record<string, Handler> = {}, host = '127.0.0.1'): Promise<Site> {
  const table = new Map<string, Handler>(Object.entries(routes));
  const requests: LoggedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let site: Site;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, userAgent: req.headers['user-agent'] ?? null, at: Date.now() });
    const handler = table.get(path) ?? table.get(path.split('?')[0]) ?? table.get('*');
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    Promise.resolve(handler(req, res, site)).catch((err: unknown) => {
      res.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  site = {
    origin: `http://${host}:${port}`,
    port,
    requests,
    route: (p, h) => void table.set(p, h),
    hits: (p) => requests.filter((r) => r.path === p),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return site;
}
