// File streaming benchmark: how fast the service saves a large file, and how much memory workerd needs meanwhile.
//
//   SVC_URL=http://127.0.0.1:8787 [SVC_TOKEN=...] [WORKERD_PID=1234] [SEED=7] node bench/file-stream.ts [MiB=200]
//
// Serves a file of the given size on 127.0.0.1 (application/zip, so no PDF or text parsing runs), downloads it once
// with plain Node fetch for a baseline, then asks the service to scrape it while sampling the resident memory of
// the workerd process. The service must run with SVC_MAX_FILE_BYTES at least the file size.
// Bytes are deterministic per SEED; the default seed changes every run because a second run of the same bytes
// finds its object already saved and skips the final copy (spec: an existing object is kept).
// Prints: file-stream: MiB/s X (plain fetch Y MiB/s, ratio Z) workerd peak RSS N MiB for a M MiB file

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const MIB = 1024 * 1024;
const sizeMiB = Number(process.argv[2] ?? 200);
const svcUrl = process.env.SVC_URL;
if (!svcUrl || !Number.isFinite(sizeMiB) || sizeMiB <= 0) {
  console.error('usage: SVC_URL=http://127.0.0.1:8787 node bench/file-stream.ts [MiB=200]');
  process.exit(2);
}
const size = Math.round(sizeMiB * MIB);
const seed = Number(process.env.SEED ?? Date.now() % 2 ** 31) >>> 0;

/** Chunk `index` of the file: 1 MiB of a linear congruential sequence seeded by (seed, index). */
function chunkBytes(index: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < length; i += 4) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x & 0xff;
    out[i + 1] = (x >>> 8) & 0xff;
    out[i + 2] = (x >>> 16) & 0xff;
    out[i + 3] = x >>> 24;
  }
  return out;
}

// Digest computed once up front, so serving is as fast as the socket allows and the result can be checked.
const hash = createHash('sha256');
const chunks: Uint8Array[] = [];
for (let i = 0, off = 0; off < size; i++, off += MIB) {
  const c = chunkBytes(i, Math.min(MIB, size - off));
  hash.update(c);
  if (chunks.length < 64) chunks.push(c); // keep 64 MiB of distinct chunks; later ones are regenerated
}
const expectedSha = hash.digest('hex');

const server = createServer((req, res) => {
  if (req.url !== '/file.zip') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); // robots.txt: none, so allowed
    return;
  }
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(size) });
  let i = 0;
  const pump = (): void => {
    while (i * MIB < size) {
      const len = Math.min(MIB, size - i * MIB);
      const c = i < chunks.length ? chunks[i] : chunkBytes(i, len);
      i++;
      if (!res.write(c.subarray(0, len))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  pump();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const fileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file.zip`;

function workerdPids(): number[] {
  if (process.env.WORKERD_PID) return process.env.WORKERD_PID.split(',').map(Number);
  try {
    return execFileSync('pgrep', ['-f', 'workerd'], { encoding: 'utf8' }).trim().split('\n').map(Number).filter((p) => p !== process.pid);
  } catch {
    return [];
  }
}

function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

// Baseline: plain Node fetch of the same URL, reading the whole body.
let t = performance.now();
const plain = await fetch(fileUrl);
let got = 0;
for await (const c of plain.body!) got += (c as Uint8Array).length;
const plainSecs = (performance.now() - t) / 1000;
if (got !== size) throw new Error(`plain fetch read ${got} of ${size} bytes`);

const pids = workerdPids();
const baseline = new Map(pids.map((p) => [p, rssMiB(p) ?? 0]));
const peak = new Map(baseline);
const sampler = setInterval(() => {
  for (const p of pids) peak.set(p, Math.max(peak.get(p) ?? 0, rssMiB(p) ?? 0));
}, 20);

t = performance.now();
const headers: Record<string, string> = { 'content-type': 'application/json' };
if (process.env.SVC_TOKEN) headers.authorization = `Bearer ${process.env.SVC_TOKEN}`;
const res = await fetch(new URL('/v1/scrape', svcUrl), {
  method: 'POST',
  headers,
  body: JSON.stringify({ url: fileUrl, timeout: 300_000 }),
});
const result = (await res.json()) as { status?: string; reason?: string | null; file?: { bytes?: number; sha256?: string } };
const svcSecs = (performance.now() - t) / 1000;
clearInterval(sampler);
server.close();

if (result.status !== 'success' || result.file?.bytes !== size || result.file?.sha256 !== expectedSha) {
  console.error(`service answered HTTP ${res.status}: ${JSON.stringify(result).slice(0, 500)}`);
  if (result.reason === 'body_too_large') console.error(`start the service with SVC_MAX_FILE_BYTES >= ${size}`);
  process.exit(1);
}

const svcRate = sizeMiB / svcSecs;
const plainRate = sizeMiB / plainSecs;
let worst: [number, number] = [0, 0];
for (const [p, v] of peak) if (v > worst[1]) worst = [p, v];
console.log(`seed ${seed}, sha256 ${expectedSha}, service ${svcSecs.toFixed(2)} s, plain fetch ${plainSecs.toFixed(2)} s`);
for (const p of pids) console.log(`workerd pid ${p}: RSS before ${baseline.get(p)?.toFixed(0)} MiB, peak ${peak.get(p)?.toFixed(0)} MiB`);
console.log(
  `file-stream: MiB/s ${svcRate.toFixed(1)} (plain fetch ${plainRate.toFixed(1)} MiB/s, ratio ${(svcRate / plainRate).toFixed(2)}) ` +
    `workerd peak RSS ${pids.length ? worst[1].toFixed(0) : 'n/a'} MiB for a ${sizeMiB} MiB file`,
);
