// Test helper: an SDK client whose fetch records each request and answers with a fixed status and body.
import { createClient } from '../../packages/sdk/src/client.ts';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

export function fakeApi(status: number, body: unknown): { client: ReturnType<typeof createClient>; sent: Sent[] } {
  const sent: Sent[] = [];
  const client = createClient({
    baseUrl: 'http://api.test',
    env: {},
    fetch: async (url, init) => {
      sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(body, { status });
    },
  });
  return { client, sent };
}
