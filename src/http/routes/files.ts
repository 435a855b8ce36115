// GET /v1/files/<sha256>.<ext>: the stored file, byte for byte, as it was received (decision D16).
import { Hono } from 'hono';
import { ApiError } from '../../errors.ts';
import { fileKey } from '../../files/index.ts';
import type { AppEnv } from '../context.ts';

const FILE_NAME = /^([0-9a-f]{64})\.([a-z0-9]{1,8})$/;

export function fileRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/files/:name', async (c) => {
    const name = c.req.param('name');
    const m = FILE_NAME.exec(name);
    if (!m) throw new ApiError('not_found', 'no stored file has this name');
    const obj = await c.env.FILES.get(fileKey(m[1], m[2]));
    if (!obj) throw new ApiError('not_found', 'no stored file has this name');
    const headers = new Headers();
    headers.set('content-type', obj.httpMetadata?.contentType ?? 'application/octet-stream');
    headers.set('content-length', String(obj.size));
    headers.set('x-content-sha256', m[1]);
    return new Response(obj.body, { headers });
  });
  return app;
}
