// One canonical spelling for both sides of a robots.txt comparison (RFC 9309 §2.2.2, §2.2.3).
//
// The URL we match arrives already parsed by the WHATWG URL parser (which percent-encodes some characters and leaves
// others raw), while a rule is raw text written by a human. Comparing them octet by octet only works if both are put
// into the same form first; robots-parser 3.0.1 fails open exactly here (`/%7Ejoe/` vs `/~joe/`, `|`, `'`).
//
// Canonical form:
// - `%XX` of an unreserved octet (RFC 3986 §2.3: ALPHA DIGIT - . _ ~) is decoded (RFC 9309 §2.2.2: "If a
//   percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded prior to comparison, unless it is a
//   reserved character"); every other `%XX` keeps its encoding with upper-case hex (RFC 3986 §6.2.2.1).
// - Non-ASCII characters are UTF-8 percent-encoded (RFC 9309 §2.2.2), as WHATWG does for URLs.
// - Reserved characters (RFC 3986 §2.2) stay raw, because `/` and `%2F` (and the other delimiters) mean different
//   things. Three exceptions are always encoded: `*` and `$`, because a rule can only name them literally as `%2A`
//   and `%24` (RFC 9309 §2.2.3); and `'`, because WHATWG encodes it as `%27` in the query of http(s) URLs, so the
//   URL side can no longer tell the two spellings apart.
// - Every other ASCII octet (controls, space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, a `%` not starting
//   an escape) is not allowed raw in a URI (RFC 3986 §2), so raw and encoded spellings are the same octet: encode.

const HEX = '0123456789ABCDEF';

/** Reserved characters that keep their raw spelling (RFC 3986 §2.2 minus `*`, `$`, `'`). */
const RAW_RESERVED = new Set<number>(Array.from(":/?#[]@!&()+,;=", (c) => c.charCodeAt(0)));

const utf8 = new TextEncoder();

function isUnreserved(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x61 && c <= 0x7a) || // a-z
    (c >= 0x30 && c <= 0x39) || // 0-9
    c === 0x2d || // -
    c === 0x2e || // .
    c === 0x5f || // _
    c === 0x7e // ~
  );
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

function pct(byte: number): string {
  return '%' + HEX[byte >> 4] + HEX[byte & 15];
}

/** Puts a rule literal or a URL path-and-query into the canonical form described above. */
export function canonicalizeForMatch(input: string): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const code = input.codePointAt(i) ?? 0;
    if (code === 0x25) {
      const hi = hexValue(input.charCodeAt(i + 1));
      const lo = hexValue(input.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        const byte = hi * 16 + lo;
        out += isUnreserved(byte) ? String.fromCharCode(byte) : pct(byte);
        i += 3;
        continue;
      }
    }
    if (code < 0x80) {
      out += isUnreserved(code) || RAW_RESERVED.has(code) ? String.fromCharCode(code) : pct(code);
      i += 1;
      continue;
    }
    // A lone surrogate encodes as U+FFFD, like the WHATWG URL parser does.
    for (const byte of utf8.encode(String.fromCodePoint(code))) out += pct(byte);
    i += code > 0xffff ? 2 : 1;
  }
  return out;
}

/**
 * The part of a URL that robots.txt rules are matched against: path plus query, without the fragment
 * (RFC 9309 §2.2.2 matches "the path and query of the URI"). An empty query (`/a?`) keeps its `?`, which
 * `URL.search` would drop.
 */
export function matchTarget(url: URL): string {
  const href = url.href;
  // WHATWG percent-encodes `#` inside path and query, so the first `#` starts the fragment; likewise a raw `?`
  // cannot occur before the query (it is encoded in userinfo and path).
  const hash = href.indexOf('#');
  const noFragment = hash >= 0 ? href.slice(0, hash) : href;
  const q = noFragment.indexOf('?');
  const query = q >= 0 ? noFragment.slice(q) : '';
  return canonicalizeForMatch(url.pathname + query);
}
