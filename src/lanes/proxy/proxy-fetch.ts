// The Worker-side entry of the environment proxy: the HTTP/1.1 proxy client bound to workerd's TCP sockets, and the
// router that sends each request either through the proxy or directly (NO_PROXY). Only this file imports
// `cloudflare:sockets`, so everything else in this folder also runs under Node (tests, bench scripts).
import { connect } from 'cloudflare:sockets';
import { proxyFetchVia, type ConnectFn } from './client.ts';
import { proxyFor, type ProxyRoutes, type ProxySettings } from './settings.ts';

// workers/preview.ts takes the route lookup from here along with the fetch.
export { proxyRouteOf } from './settings.ts';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const workerdConnect: ConnectFn = (address, options) => connect(address, options);

/** Same contract as `fetch(input, {...init, redirect: 'manual'})`, sent through `proxy`. */
export function proxyFetch(proxy: ProxySettings, input: string, init: RequestInit): Promise<Response> {
  return proxyFetchVia(workerdConnect, proxy, input, init);
}

/** A fetch that uses the environment proxy where `proxyFor` says so and `direct` everywhere else. */
export function routedFetch(routes: ProxyRoutes, direct: FetchLike): FetchLike {
  if (routes.https === null && routes.http === null) return direct;
  return (input, init) => {
    const proxy = proxyFor(new URL(input), routes);
    return proxy ? proxyFetch(proxy, input, init) : direct(input, init);
  };
}
