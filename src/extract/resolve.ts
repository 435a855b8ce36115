// Resolving a page's hrefs against its base URL. Every link of every page comes through here, and a `new URL` costs a
// few microseconds, so two shortcuts come first; both give exactly the string the WHATWG URL parser would (the
// differential test in resolve.test.ts compares them on generated hrefs).

// The pages of one site repeat most of their links (menus, footers, neighbours). An absolute http(s) href resolves the
// same against any base, and a root-relative one (`/x`) the same against any base of the same origin, so those
// resolutions are remembered, a bounded number per isolate.
const RESOLVED = new Map<string, string | null>();
const RESOLVED_MAX = 4096;
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The cache key of resolving `h` against `base` (a URL's href), or null when the answer depends on the base's path. */
function resolutionKey(h: string, base: string): string | null {
  if (ABSOLUTE_HTTP.test(h)) return h;
  // `//host` and `/\host` name a host; `?q`, `#f` and relative paths depend on the base's path.
  if (h.charCodeAt(0) !== 0x2f || h.charCodeAt(1) === 0x2f || h.charCodeAt(1) === 0x5c) return null;
  const authority = base.indexOf('://');
  const path = authority < 0 ? -1 : base.indexOf('/', authority + 3);
  return path < 0 ? null : `${base.slice(0, path)} ${h}`;
}

// Characters that no percent-encode set of the URL standard touches in a path, query or fragment of an http(s) URL,
// and that do not end a component early: `'` (special-query set), `\` (a slash in special URLs), `|`, `^`, `[`, `]`,
// backticks, braces, spaces, quotes, `<`, `>` and everything outside ASCII are left to the parser.
const TAIL = String.raw`(\/[A-Za-z0-9\-._~!$&()*+,;=:@%\/]*)(\?[A-Za-z0-9\-._~!$&()*+,;=:@%\/?]*)?(#[A-Za-z0-9\-._~!$&()*+,;=:@%\/?]*)?$`;
// A host the parser gives back unchanged: lower-case DNS labels whose last one starts with a letter (so it cannot be
// read as an IPv4 number), or a dotted IPv4 address in canonical form. Punycode labels (`xn--`) are checked by the
// parser's IDNA step, so they are left to it.
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const HOST = String.raw`(?:(?:${LABEL}\.)*[a-z](?:[a-z0-9-]*[a-z0-9])?|${OCTET}(?:\.${OCTET}){3})`;
const PLAIN_ABSOLUTE = new RegExp(String.raw`^(https?):\/\/(${HOST})(?::([1-9][0-9]{0,4}))?${TAIL}`);
const PLAIN_ROOT_RELATIVE = new RegExp(String.raw`^(?!\/\/)${TAIL}`);
// A `.` or `..` segment (also percent-encoded) is removed by the parser.
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:\/|$)/i;

/** True when the parser keeps this path as written. */
function plainPath(path: string): boolean {
  return !DOT_SEGMENT.test(path);
}

/** `h` itself when it is an absolute http(s) URL the parser would give back unchanged; otherwise null. */
function plainAbsolute(h: string): string | null {
  const m = PLAIN_ABSOLUTE.exec(h);
  if (m === null || m[2].includes('xn--') || !plainPath(m[4])) return null;
  if (m[3] !== undefined) {
    const port = Number(m[3]);
    // The parser drops a scheme's default port and refuses one past 65535.
    if (port > 65535 || port === (m[1] === 'https' ? 443 : 80)) return null;
  }
  return h;
}

/** A root-relative href resolved against an http(s) base by concatenation, when the parser would keep it as written. */
function plainRootRelative(h: string, base: string): string | null {
  if (!base.startsWith('http://') && !base.startsWith('https://')) return null;
  const m = PLAIN_ROOT_RELATIVE.exec(h);
  if (m === null || !plainPath(m[1])) return null;
  const path = base.indexOf('/', base.indexOf('://') + 3);
  return path < 0 ? null : base.slice(0, path) + h;
}

function parsed(h: string, base: string): string | null {
  const plain = plainResolution(h, base);
  if (plain !== null) return plain;
  try {
    return new URL(h, base).href;
  } catch {
    return null;
  }
}

/** Resolves `href` against `base` (a URL's href); null for unparsable values. */
export function absoluteUrl(href: string, base: string): string | null {
  const h = href.trim();
  if (h === '') return null;
  const key = resolutionKey(h, base);
  const known = key === null ? undefined : RESOLVED.get(key);
  if (known !== undefined) return known;
  const out = parsed(h, base);
  if (key !== null) {
    if (RESOLVED.size >= RESOLVED_MAX) RESOLVED.clear();
    RESOLVED.set(key, out);
  }
  return out;
}

/** The shortcut's answer alone (null when it leaves `h` to the parser); exported for the differential test. */
export function plainResolution(h: string, base: string): string | null {
  return h.charCodeAt(0) === 0x2f ? plainRootRelative(h, base) : plainAbsolute(h);
}
