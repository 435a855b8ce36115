// The guarded transport with a stub resolver and a recording inner fetch: no socket.
import { describe, expect, it } from 'vitest';
import { AddressRefused, guardedFetch } from './guarded-fetch.ts';
import { publicAddressPolicy } from './policy.ts';

function recorder() {
  const sent: Array<{ url: string; redirect: RequestInit['redirect'] }> = [];
  const inner = async (input: string, init: RequestInit) => {
    sent.push({ url: input, redirect: init.redirect });
    return new Response('ok');
  };
  return { sent, inner };
}

const policy = () => publicAddressPolicy({ resolve: async (host) => (host === 'inside.test' ? ['10.1.2.3'] : ['93.184.215.14']) });

describe('guardedFetch', () => {
  it('sends an allowed request as one hop', async () => {
    const r = recorder();
    await guardedFetch(policy(), r.inner)('https://example.org/robots.txt', {});
    expect(r.sent).toEqual([{ url: 'https://example.org/robots.txt', redirect: 'manual' }]);
  });

  it.each(['http://169.254.169.254/latest/', 'http://0x7f000001/', 'http://inside.test/', 'http://localhost:8080/', 'not a url'])('refuses %s without sending', async (url) => {
    const r = recorder();
    await expect(guardedFetch(policy(), r.inner)(url, { redirect: 'manual' })).rejects.toBeInstanceOf(AddressRefused);
    expect(r.sent).toEqual([]);
  });
});
