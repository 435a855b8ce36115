import { describe, expect, it } from 'vitest';
import { renderMarkdownTree, type MdNode } from './markdown-tree.ts';

/** The tree as HTML-like text, for readable assertions (text is shown as is: the browser never parses it). */
function show(nodes: Array<MdNode | string>): string {
  return nodes
    .map((n) => {
      if (typeof n === 'string') return n;
      const attrs = Object.entries(n.attrs ?? {}).map(([k, v]) => ` ${k}="${v}"`).join('');
      return `<${n.tag}${attrs}>${show(n.children ?? [])}</${n.tag}>`;
    })
    .join('');
}

describe('renderMarkdownTree', () => {
  it('renders the blocks the extractor writes', () => {
    const md = '# Title\n\nSome **bold** and *em* and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\n<b>x</b>\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n---';
    expect(show(renderMarkdownTree(md))).toBe(
      '<h1>Title</h1><p>Some <strong>bold</strong> and <em>em</em> and <code>code</code>.</p><ul><li>one</li><li>two</li></ul>' +
        '<ol><li>first</li></ol><blockquote><p>quoted</p></blockquote><pre><code><b>x</b></code></pre>' +
        '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table><hr></hr>',
    );
  });

  it('keeps http(s) and mailto links only; images become their alt text', () => {
    const tree = show(renderMarkdownTree('[ok](https://example.com/a_(b)) [bad](javascript:alert(1)) [data](data:text/html,x) ![a cat](https://x/cat.png) <https://example.org/>'));
    expect(tree).toContain('<a href="https://example.com/a_(b)" rel="nofollow noopener noreferrer">ok</a>');
    expect(tree).not.toContain('javascript:');
    expect(tree).not.toContain('href="data:');
    expect(tree).toContain('<span class="md-image">[image: a cat]</span>');
    expect(tree).toContain('<a href="https://example.org/"');
  });

  it('leaves HTML in the text as text (never a tag)', () => {
    const nodes = renderMarkdownTree('<script>alert(1)</script> <img src=x onerror=alert(2)>');
    expect(nodes).toEqual([{ tag: 'p', children: ['<script>alert(1)</script> <img src=x onerror=alert(2)>'] }]);
  });

  it('does not treat snake_case as emphasis and honours escapes', () => {
    expect(show(renderMarkdownTree('a_b_c and \\*not em\\*'))).toBe('<p>a_b_c and *not em*</p>');
  });
});
