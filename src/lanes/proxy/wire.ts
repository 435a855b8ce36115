// Socket-level HTTP/1.1 for the proxy client: the socket shape (workerd's `cloudflare:sockets`), writing a request
// head, reading response heads (interim 1xx skipped), and the body as a pull-driven stream framed per RFC 9112 §6.3.
import { ChunkedDecoder, headEnd, Http1Error, MAX_HEAD_BYTES, parseResponseHead, type BodyFraming, type ResponseHead } from './http1.ts';

/** The part of workerd's `Socket` (cloudflare:sockets) this client uses. */
export interface SocketLike {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<Uint8Array>;
  readonly opened: Promise<unknown>;
  close(): Promise<void>;
  startTls(options?: { expectedServerHostname?: string }): SocketLike;
}

export type ConnectFn = (
  address: { hostname: string; port: number },
  options: { secureTransport: 'off' | 'starttls'; allowHalfOpen: boolean },
) => SocketLike;

/** Request line and field lines → the octets of a request head (RFC 9112 §2.1). */
export function requestHead(lines: string[]): Uint8Array {
  const text = `${lines.join('\r\n')}\r\n\r\n`;
  // Field values are ByteStrings (one octet per code unit), so the head is written as Latin-1, not UTF-8.
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** Reader/writer over the current socket, with bytes read past a head pushed back for the body. */
export class Conn {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private pending: Uint8Array | null = null;

  constructor(socket: SocketLike) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
  }

  write(bytes: Uint8Array): Promise<void> {
    return this.writer.write(bytes);
  }

  async read(): Promise<Uint8Array | null> {
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      return p;
    }
    for (;;) {
      const { done, value } = await this.reader.read();
      if (done) return null;
      if (value.byteLength > 0) return value;
    }
  }

  unread(bytes: Uint8Array): void {
    if (bytes.byteLength > 0) this.pending = bytes;
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  /** startTls needs the plain streams unlocked (workerd detaches them). */
  release(): void {
    this.reader.releaseLock();
    this.writer.releaseLock();
  }
}

async function readHead(conn: Conn): Promise<ResponseHead> {
  let buf = new Uint8Array(0);
  for (;;) {
    const chunk = await conn.read();
    if (chunk === null) {
      throw new Http1Error(buf.length === 0 ? 'connection closed before a response' : 'connection closed inside the response head');
    }
    const scanFrom = Math.max(0, buf.length - 2);
    const joined = new Uint8Array(buf.length + chunk.length);
    joined.set(buf);
    joined.set(chunk, buf.length);
    buf = joined;
    const end = headEnd(buf, scanFrom);
    if (end >= 0) {
      conn.unread(buf.subarray(end));
      return parseResponseHead(buf.subarray(0, end));
    }
    if (buf.length > MAX_HEAD_BYTES) throw new Http1Error(`response head larger than ${MAX_HEAD_BYTES} bytes`);
  }
}

/** The first final (non-1xx) response head; interim responses (100 Continue, 103 Early Hints) are skipped. */
export async function readFinalHead(conn: Conn): Promise<ResponseHead> {
  for (;;) {
    const head = await readHead(conn);
    if (head.status === 101) throw new Http1Error('unexpected 101 Switching Protocols (no upgrade was requested)');
    if (head.status >= 200 && head.status <= 599) return head;
    if (head.status < 100 || head.status > 599) throw new Http1Error(`invalid status code ${head.status}`);
  }
}

export function bodyStream(
  conn: Conn,
  framing: BodyFraming,
  signal: AbortSignal | undefined,
  finish: () => void,
): ReadableStream<Uint8Array> {
  let remaining = framing.kind === 'length' ? framing.length : 0;
  const chunked = framing.kind === 'chunked' ? new ChunkedDecoder() : null;
  return new ReadableStream<Uint8Array>({
    // Pull-driven: the socket is read only as fast as the consumer reads, so nothing is held beyond one chunk.
    async pull(controller) {
      try {
        for (;;) {
          if (signal?.aborted) throw signal.reason;
          if (framing.kind === 'none' || (framing.kind === 'length' && remaining === 0) || chunked?.done) {
            controller.close();
            finish();
            return;
          }
          const chunk = await conn.read();
          if (signal?.aborted) throw signal.reason;
          if (chunk === null) {
            if (framing.kind === 'close') {
              controller.close();
              finish();
              return;
            }
            throw new Http1Error(
              framing.kind === 'length' ? `connection closed with ${remaining} body bytes missing` : 'connection closed inside a chunked body',
            );
          }
          let parts: Uint8Array[];
          if (chunked) {
            parts = chunked.push(chunk);
          } else if (framing.kind === 'length') {
            // Octets past Content-Length are not part of this response (RFC 9112 §6.3): drop them.
            parts = [chunk.subarray(0, Math.min(chunk.length, remaining))];
            remaining -= parts[0].length;
          } else {
            parts = [chunk];
          }
          const data = parts.filter((p) => p.length > 0);
          for (const p of data) controller.enqueue(p);
          if (data.length > 0) return;
        }
      } catch (err) {
        controller.error(err);
        finish();
      }
    },
    cancel() {
      finish();
    },
  });
}

