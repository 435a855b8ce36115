// The layering rules of the README's "Architecture": nothing in src/ imports the Worker edge (workers/) or the
// Durable Objects (durable-objects/), and no two folders import each other, directly or around a loop.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'test-helpers') out.push(...sourceFiles(p));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test-helpers.ts') {
      out.push(p);
    }
  }
  return out;
}

/** `src/<folder>` for files in src, else the top-level folder (`workers`, `durable-objects`, `migrations`). */
function folderOf(file: string): string {
  const parts = path.relative(ROOT, file).split(path.sep);
  return parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}` : parts[0];
}

function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const top of ['src', 'workers', 'durable-objects', 'migrations']) {
    for (const file of sourceFiles(path.join(ROOT, top))) {
      const from = folderOf(file);
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = folderOf(path.resolve(path.dirname(file), m[1] ?? m[2]));
        if (to === from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        graph.get(from)?.set(to, path.relative(ROOT, file));
      }
    }
  }
  return graph;
}

/** Every folder that can reach itself again, with the import that starts the loop. */
function loops(graph: Map<string, Map<string, string>>): string[] {
  const found: string[] = [];
  for (const start of graph.keys()) {
    const seen = new Set<string>();
    const stack = [...(graph.get(start)?.keys() ?? [])];
    while (stack.length > 0) {
      const at = stack.pop() as string;
      if (at === start) {
        found.push(start);
        break;
      }
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(graph.get(at)?.keys() ?? []));
    }
  }
  return found;
}

describe('architecture', () => {
  const graph = folderGraph();

  it('src/ never imports workers/ or durable-objects/', () => {
    const bad = [...graph].filter(([from]) => from.startsWith('src')).flatMap(([from, to]) =>
      [...to].filter(([dst]) => dst === 'workers' || dst === 'durable-objects').map(([dst, file]) => `${file} → ${dst}`),
    );
    expect(bad).toEqual([]);
  });

  it('no folder imports itself around a loop', () => {
    const inLoops = loops(graph);
    const detail = inLoops.map((f) => `${f} → ${[...(graph.get(f)?.entries() ?? [])].map(([d, file]) => `${d} (${file})`).join(', ')}`);
    expect(detail).toEqual([]);
  });
});
