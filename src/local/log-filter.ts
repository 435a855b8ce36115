// What wrangler prints that is not ours to show. workerd reports a host name that does not resolve as an ERROR with
// a native stack ("failed to lookup address information"), though the Worker already turns it into a normal page
// result (`failed` / `dns_error`, decision D61). The launcher drops exactly those blocks and passes everything else.

const ANSI = /\x1b\[[0-9;]*m/g;
const DNS_NOISE = /\[ERROR\].*failed to lookup address information/;

/** A line filter over a text stream: feed chunks, get back the text to print (whole lines only). */
export class WorkerdLogFilter {
  #pending = '';
  /** Inside a dropped block: its `stack:` line and the blank lines around it follow. */
  #dropping = false;

  push(chunk: string): string {
    const text = this.#pending + chunk;
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      this.#pending = text;
      return '';
    }
    this.#pending = text.slice(cut + 1);
    return this.#lines(text.slice(0, cut + 1).split('\n').slice(0, -1));
  }

  /** Whatever is left at the end of the stream. */
  flush(): string {
    const rest = this.#pending;
    this.#pending = '';
    return rest === '' ? '' : this.#lines([rest]).replace(/\n$/, '');
  }

  #lines(lines: string[]): string {
    let out = '';
    for (const line of lines) {
      const plain = line.replace(ANSI, '');
      if (DNS_NOISE.test(plain)) {
        this.#dropping = true;
        continue;
      }
      if (this.#dropping && (plain.trim() === '' || plain.trimStart().startsWith('stack:'))) continue;
      this.#dropping = false;
      out += `${line}\n`;
    }
    return out;
  }
}
