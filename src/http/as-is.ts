// The local service sends its responses as they are (decision D293). wrangler's local runtime emulates Cloudflare's
// edge: it gzips or brotli-compresses JSON, HTML and other text for every client that accepts it (miniflare's entry
// worker), on the service's one thread. On loopback that costs ~15 ms per MB of results and saves no time; on Cloudflare
// the edge does it outside the Worker. A response that names its own coding is left alone; any other is marked
// `identity` (no coding, RFC 9110 §8.4.1), which the emulation passes through unchanged.

type FetchHandler<E> = (req: Request, env: E, ctx: ExecutionContext) => Response | Promise<Response>;

/** A Worker's `fetch` whose answers are sent as they are when `local(env)` says it runs as the local service. */
export function asIsWhenLocal<E>(fetch: FetchHandler<E>, local: (env: E) => boolean): FetchHandler<E> {
  return async (req, env, ctx) => {
    const res = await fetch(req, env, ctx);
    return local(env) ? sentAsIs(res) : res;
  };
}

/** `res`, marked `Content-Encoding: identity` unless it names a coding or switches protocols. */
export function sentAsIs(res: Response): Response {
  if (res.status === 101 || res.headers.has('content-encoding')) return res;
  // Headers of a fetched response are immutable: the copy's are not.
  const out = new Response(res.body, res);
  out.headers.set('content-encoding', 'identity');
  return out;
}
