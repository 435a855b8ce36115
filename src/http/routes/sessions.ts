// /v1/sessions: browser states the user exported from their own logged-in browser, for `browser_local_authed`
// captures (`session: "<id>"`). Stored encrypted at rest (SVC_SESSION_KEY; without it sessions are refused). Listing
// shows ids, names, origins and creation times, never a cookie or storage value. No login automation.
import { Hono } from 'hono';
import { ApiError, invalidRequest } from '../../errors.ts';
import { sessionStoreOf } from '../browser-deps.ts';
import type { SessionStore } from '../../lanes/browser/sessions-store.ts';
import { parseBrowserState, sessionOrigins } from '../../lanes/browser/state.ts';
import { readJsonObject, refuseUnknownKeys } from '../../request/body.ts';
import type { AppEnv } from '../context.ts';

const CREATE_KEYS = new Set(['name', 'cookies', 'origins']);
export const MAX_SESSION_NAME = 200;

const sessionNotFound = (id: string) => new ApiError('not_found', `no session ${id.slice(0, 100)}`);

function storeOf(c: { env: AppEnv['Bindings']; var: AppEnv['Variables'] }): SessionStore {
  const store = sessionStoreOf(c.env, c.var.config);
  if (!store) throw invalidRequest('browser sessions need the operator setting SVC_SESSION_KEY');
  return store;
}

/**
 * A capture that names a session needs it to exist before anything starts: `not_found` (spec error table: a session
 * that does not exist), not a page result. Checked for scrapes and for batches and crawls when they are created.
 */
export async function requireSession(c: { env: AppEnv['Bindings']; var: AppEnv['Variables'] }, id: string | null | undefined): Promise<void> {
  if (id === undefined || id === null) return;
  if ((await storeOf(c).state(id)) === null) throw sessionNotFound(id);
}

export function sessionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/sessions', async (c) => {
    const store = storeOf(c);
    const body = await readJsonObject(c.req.raw);
    refuseUnknownKeys(body, CREATE_KEYS);
    const name = body.name;
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_SESSION_NAME) {
      throw invalidRequest(`name is required (a string of 1 to ${MAX_SESSION_NAME} characters)`);
    }
    const state = parseBrowserState(body.cookies, body.origins);
    const summary = await store.create(name.trim(), sessionOrigins(state), state, new Date());
    return c.json({ object: 'session', ...summary }, 201);
  });
  app.get('/sessions', async (c) => {
    const data = (await storeOf(c).list()).map((s) => ({ object: 'session', ...s }));
    return c.json({ object: 'list', data });
  });
  app.delete('/sessions/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await storeOf(c).delete(id))) throw sessionNotFound(id);
    return c.json({ object: 'session', id, deleted: true });
  });
  return app;
}
