// Golden pages (test/fixtures/pages, see its README): each page's Markdown must equal <name>.md byte for byte, and
// its links, metadata, document info and warnings must equal <name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'pages');

interface Fixture {
  name: string;
  url: string;
  contentLanguage: string | null;
}

const FIXTURES = JSON.parse(fs.readFileSync(path.join(DIR, 'index.json'), 'utf8')) as Fixture[];

describe('golden pages', () => {
  it('has the pages', () => {
    expect(FIXTURES.map((f) => f.name)).toEqual(['article', 'docs', 'product', 'blog-banners', 'link-index']);
  });

  it.each(FIXTURES)('$name: Markdown, links, metadata and document match', (f) => {
    const html = fs.readFileSync(path.join(DIR, `${f.name}.html`), 'utf8');
    const got = extractPage(html, { url: f.url, contentLanguage: f.contentLanguage });
    expect(`${got.markdown}\n`).toBe(fs.readFileSync(path.join(DIR, `${f.name}.md`), 'utf8'));
    const want = JSON.parse(fs.readFileSync(path.join(DIR, `${f.name}.json`), 'utf8')) as object;
    expect({ links: got.links, metadata: got.metadata, document: got.document, warnings: got.warnings }).toEqual(want);
  });

  it('leaves out the chrome of every page', () => {
    const chrome = ['Share this', 'Cookies', 'cookies', 'Edit this page', 'Customers also bought', 'Kommentare',
      'Newsletter', 'On this page', 'Add to cart', '© 2024'];
    for (const f of FIXTURES) {
      const md = fs.readFileSync(path.join(DIR, `${f.name}.md`), 'utf8');
      for (const c of chrome) expect(md, `${f.name} contains ${c}`).not.toContain(c);
    }
  });
});
