import { describe, expect, it } from 'vitest';
import { adapterOutputs } from './outputs.ts';
import { runAdapters } from './registry.ts';
import { parseFixture } from './test-helpers.ts';

const HOST = 'http://127.0.0.1:8000';
const run = (file: string, path: string) => {
  const url = new URL(HOST + path);
  return runAdapters({ url, finalUrl: url, document: parseFixture(file), httpStatus: 200 })!;
};

describe('adapter outputs for runCapture', () => {
  it('retail: document.adapter and document.product, the preview product block, a diagnostic, no verdict change', () => {
    const out = adapterOutputs(run('retail/uk-see-all-buying-options.html', '/dp/B0UK000001'));
    expect(out.document.adapter).toBe('retail_product');
    expect(out.document.product).toMatchObject({ asin: 'B0UK000001', price: null });
    expect(out.document.post).toBeUndefined();
    expect(out.previewProduct?.issues.map((i) => i.code)).toEqual(['quote_unverified']);
    expect(out.diagnostic).toEqual({ code: 'quote_unverified', stage: 'adapter', evidence: 'observed' });
    expect(out.verdict).toBeNull();
  });

  it('posts: document.post, no product block; a login wall blocks the capture', () => {
    const ok = adapterOutputs(run('forum/board-de.html', '/viewtopic.php?t=88'));
    expect(ok.document).toMatchObject({ adapter: 'forum_post', post: { authorHandle: 'heizungsfan' } });
    expect(ok.previewProduct).toBeNull();
    expect(ok.diagnostic).toBeNull();
    const walled = adapterOutputs(run('microblog/login-wall.html', '/ada_example/status/1859000000000000042'));
    expect(walled.verdict).toEqual({ status: 'blocked', reason: 'login_required' });
    expect(walled.diagnostic).toEqual({ code: 'login_required', stage: 'adapter', evidence: 'observed' });
    expect(walled.document).toEqual({ adapter: 'microblog_post' });
  });
});
