import { describe, expect, it } from 'vitest';
import { WorkerdLogFilter } from './log-filter.ts';

// As wrangler 4.155 printed it here for a fetch of a host that does not resolve.
const DNS_BLOCK = [
  '\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1me = rust/worker/ffi.rs:110: failed: failed to lookup address information: Name or service not known\x1b[0m',
  '',
  '  stack: /x/workerd@34dcea9 /x/workerd@26b6840',
  '',
  '',
  '\x1b[31m✘ \x1b[41;31m[\x1b[41;97mERROR\x1b[41;31m]\x1b[0m \x1b[1mSocket proxy disconnected abruptly; e = rust/worker/ffi.rs:119: failed: failed to lookup address information: Name or service not known\x1b[0m',
  '',
  '  stack: /x/workerd@26481d0',
  '',
].join('\n');

describe('WorkerdLogFilter', () => {
  it('drops the DNS failure blocks with their stacks and keeps everything around them', () => {
    const f = new WorkerdLogFilter();
    const out = f.push(`[wrangler:info] Ready on http://127.0.0.1:8787\n${DNS_BLOCK}\n[wrangler:info] GET / 200 OK (26ms)\n`);
    expect(out).toBe('[wrangler:info] Ready on http://127.0.0.1:8787\n[wrangler:info] GET / 200 OK (26ms)\n');
  });

  it('keeps other errors, their stacks included', () => {
    const f = new WorkerdLogFilter();
    const other = '✘ [ERROR] Uncaught TypeError: x is not a function\n\n  stack: at foo\n';
    expect(f.push(other)).toBe(other);
  });

  it('handles lines split across chunks', () => {
    const f = new WorkerdLogFilter();
    const text = `a\n${DNS_BLOCK}\nb\n`;
    let out = '';
    for (let i = 0; i < text.length; i += 7) out += f.push(text.slice(i, i + 7));
    expect(out + f.flush()).toBe('a\nb\n');
  });
});
