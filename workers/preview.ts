// The preview Worker (separate host). Its capture, quota and capability routes come with the preview issue.
import { Hono } from 'hono';
import { ApiError, errorResponse } from '../src/errors.ts';

const app = new Hono();
app.get('/healthz', (c) => c.json({ ok: true }));
app.notFound((c) => errorResponse(new ApiError('not_found', `no route matches ${c.req.method} ${c.req.path}`), false));
app.onError((err) => errorResponse(err, true));

export default app;
