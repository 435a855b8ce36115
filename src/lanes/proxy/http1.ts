// HTTP/1.1 response parsing (RFC 9112) for the proxy client: the response head, the body's framing, and the chunked
// transfer coding. Pure and incremental (bytes in, parts out), so a 500 MiB body streams through without being held.

/** Largest response head accepted (status line + fields); a longer one is refused rather than buffered. */
export const MAX_HEAD_BYTES = 64 * 1024;
/** Longest chunk-size line (size + extensions) or trailer line accepted. */
export const MAX_CHUNK_LINE = 4096;

export class Http1Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Http1Error';
  }
}

export interface ResponseHead {
  status: number;
  statusText: string;
  /** Field lines in order, names as sent (repeats kept: Set-Cookie). */
  headers: Array<[string, string]>;
}

/**
 * Index just past the empty line that ends a message head, or -1 while incomplete. RFC 9112 §2.2 lets a recipient
 * accept a bare LF as line terminator, so `\n\n` and `\n\r\n` end a head as well as `\r\n\r\n`.
 */
export function headEnd(buf: Uint8Array, from = 0): number {
  for (let i = Math.max(0, from); i < buf.length; i++) {
    if (buf[i] !== 0x0a) continue;
    if (buf[i + 1] === 0x0a) return i + 2;
    if (buf[i + 1] === 0x0d && buf[i + 2] === 0x0a) return i + 3;
  }
  return -1;
}

/** Field values are octets (RFC 9110 §5.5); map them 1:1 to code points so that Headers accepts them as ByteStrings. */
function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Parses a complete head (status line and field lines, up to and including the empty line). */
export function parseResponseHead(bytes: Uint8Array): ResponseHead {
  const lines = latin1(bytes).split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  // RFC 9112 §4: status-line = HTTP-version SP status-code SP [ reason-phrase ]
  const m = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0] ?? '');
  if (!m) throw new Http1Error(`malformed status line: ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`);
  const headers: Array<[string, string]> = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') break;
    if (line[0] === ' ' || line[0] === '\t') {
      // RFC 9112 §5.2: obs-fold is replaced by a space before the value is interpreted.
      const last = headers[headers.length - 1];
      if (!last) throw new Http1Error('field line folded onto the status line');
      last[1] = `${last[1]} ${line.trim()}`.trim();
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    // RFC 9112 §5.1: no whitespace between field name and colon; such a response cannot be framed safely.
    if (!TOKEN.test(name)) throw new Http1Error(`malformed field line: ${JSON.stringify(line.slice(0, 80))}`);
    headers.push([name, line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '')]);
  }
  return { status: Number(m[1]), statusText: m[2] ?? '', headers };
}

export type BodyFraming =
  | { kind: 'none' }
  | { kind: 'length'; length: number }
  | { kind: 'chunked' }
  | { kind: 'close' };

function values(headers: Array<[string, string]>, name: string): string[] {
  return headers
    .filter(([n]) => n.toLowerCase() === name)
    .flatMap(([, v]) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** RFC 9112 §6.3: how the body of a response to `method` is delimited. */
export function bodyFraming(method: string, head: Pick<ResponseHead, 'status' | 'headers'>): BodyFraming {
  const { status, headers } = head;
  if (method.toUpperCase() === 'HEAD' || (status >= 100 && status < 200) || status === 204 || status === 304) {
    return { kind: 'none' };
  }
  const te = values(headers, 'transfer-encoding');
  if (te.length > 0) {
    // Transfer-Encoding overrides Content-Length (§6.3 item 3); without a final chunked it runs to the close.
    return te[te.length - 1].toLowerCase() === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  }
  const cl = values(headers, 'content-length');
  if (cl.length > 0) {
    // §6.3 item 5 / RFC 9110 §8.6: a list of identical values is that value; anything else is unrecoverable.
    if (!cl.every((v) => /^\d+$/.test(v)) || new Set(cl.map(Number)).size !== 1) {
      throw new Http1Error(`invalid Content-Length: ${cl.join(', ')}`);
    }
    const length = Number(cl[0]);
    if (!Number.isSafeInteger(length)) throw new Http1Error(`invalid Content-Length: ${cl[0]}`);
    return length === 0 ? { kind: 'none' } : { kind: 'length', length };
  }
  return { kind: 'close' };
}

type ChunkState = 'size' | 'data' | 'data-cr' | 'data-lf' | 'trailer' | 'done';

/**
 * Decoder for the chunked transfer coding (RFC 9112 §7.1). `push` returns the data octets contained in `bytes`
 * (views into it, not copies); chunk extensions and trailer fields are read and discarded.
 */
export class ChunkedDecoder {
  private state: ChunkState = 'size';
  private line = '';
  private remaining = 0;

  get done(): boolean {
    return this.state === 'done';
  }

  push(bytes: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let i = 0;
    while (i < bytes.length && this.state !== 'done') {
      if (this.state === 'data') {
        const n = Math.min(this.remaining, bytes.length - i);
        out.push(bytes.subarray(i, i + n));
        i += n;
        this.remaining -= n;
        if (this.remaining === 0) this.state = 'data-cr';
      } else if (this.state === 'data-cr' || this.state === 'data-lf') {
        const b = bytes[i++];
        if (this.state === 'data-cr' && b === 0x0d) this.state = 'data-lf';
        else if (b === 0x0a) this.state = 'size';
        else throw new Http1Error('chunk data not followed by CRLF');
      } else {
        const nl = bytes.indexOf(0x0a, i);
        const end = nl < 0 ? bytes.length : nl;
        this.line += latin1(bytes.subarray(i, end));
        if (this.line.length > MAX_CHUNK_LINE) throw new Http1Error('chunk-size or trailer line too long');
        i = nl < 0 ? bytes.length : nl + 1;
        if (nl >= 0) {
          const line = this.line.endsWith('\r') ? this.line.slice(0, -1) : this.line;
          this.line = '';
          this.onLine(line);
        }
      }
    }
    return out;
  }

  private onLine(line: string): void {
    if (this.state === 'trailer') {
      if (line === '') this.state = 'done';
      return;
    }
    // chunk-size = 1*HEXDIG, then optional BWS ; chunk-ext
    const m = /^([0-9A-Fa-f]+)[ \t]*(?:;.*)?$/.exec(line);
    if (!m) throw new Http1Error(`malformed chunk-size line: ${JSON.stringify(line.slice(0, 40))}`);
    const size = parseInt(m[1], 16);
    if (!Number.isSafeInteger(size)) throw new Http1Error('chunk size too large');
    if (size === 0) {
      this.state = 'trailer';
    } else {
      this.remaining = size;
      this.state = 'data';
    }
  }
}
