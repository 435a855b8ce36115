import { describe, expect, it } from 'vitest';
import { type DomElement, parseDocument } from './dom.ts';
import { toMarkdown } from './markdown.ts';

const BASE = 'https://m.example/docs/page';

function md(body: string): string {
  const doc = parseDocument(`<html><body><div id="root">${body}</div></body></html>`);
  return toMarkdown(doc.querySelector('#root') as DomElement, BASE);
}

describe('toMarkdown', () => {
  it.each([
    ['ATX headings', '<h2>Two</h2><h3>Three</h3>', '## Two\n\n### Three'],
    ['paragraphs and emphasis', '<p>A <strong>b</strong> <em>c</em></p><p>D</p>', 'A **b** _c_\n\nD'],
    ['block quote', '<blockquote><p>Q</p></blockquote>', '> Q'],
    ['bullets', '<ul><li>a</li><li>b</li></ul>', '- a\n- b'],
    ['ordered list from start', '<ol start="3"><li>a</li><li>b</li></ol>', '3. a\n4. b'],
    ['nested list is indented', '<ul><li>a<ul><li>b</li></ul></li></ul>', '- a\n  - b'],
    ['absolute links', '<p><a href="../x">x</a></p>', '[x](https://m.example/x)'],
    ['empty link dropped', '<p>a<a href="/y"></a> b</p>', 'a b'],
    ['image-only link keeps the image', '<p><a href="/big.png"><img src="/small.png" alt="S"></a></p>',
      '[![S](https://m.example/small.png)](https://m.example/big.png)'],
    ['javascript link keeps only its text', '<p><a href="javascript:go()">go</a></p>', 'go'],
    ['mailto link kept', '<p><a href="mailto:a@m.example">mail</a></p>', '[mail](mailto:a@m.example)'],
    ['image absolute with alt', '<img src="i/a.png" alt="An [image]">', '![An \\[image\\]](https://m.example/docs/i/a.png)'],
    ['lazy image prefers data-src', '<img src="data:image/gif;base64,AA" data-src="/real.jpg" alt="">',
      '![](https://m.example/real.jpg)'],
    ['srcset as the last resort', '<img srcset="/s.jpg 1x, /l.jpg 2x" alt="x">', '![x](https://m.example/s.jpg)'],
    ['data: image dropped', '<p>a</p><img src="data:image/png;base64,AA">', 'a'],
    ['spaces in URLs encoded', '<p><a href="/a b(c)">t</a></p>', '[t](https://m.example/a%20b%28c%29)'],
    ['strikethrough', '<p><del>old</del> new</p>', '~~old~~ new'],
    ['fenced code with language-x', '<pre><code class="language-js">let a = 1;\n</code></pre>', '```js\nlet a = 1;\n```'],
    ['fenced code with lang-x on pre', '<pre class="lang-sh">ls -l</pre>', '```sh\nls -l\n```'],
    ['code without language', '<pre><code>x</code></pre>', '```\nx\n```'],
    ['Prism lines ending in <br>', '<pre><code><span class="token-line"><span>a()</span><br></span><span class="token-line"><span>  b()</span><br></span></code></pre>', '```\na()\n  b()\n```'],
    ['one <div> per line', '<pre><code><div class="line">a()</div><div class="line">b()</div></code></pre>', '```\na()\nb()\n```'],
    ['fence longer than backticks inside', '<pre>```\nx\n```</pre>', '````\n```\nx\n```\n````'],
    ['inline code', '<p>run <code>npm test</code></p>', 'run `npm test`'],
    // Epydoc colours a value's parts with code elements inside the value's own (D393).
    ['code inside code', '<p>COLUMNS = <code title="x"><code class="variable-group">(</code><code class="variable-quote">\'</code><code class="variable-string">time</code><code class="variable-quote">\'</code><code class="variable-group">)</code></code></p>', "COLUMNS = `('time')`"],
    ['hr', '<p>a</p><hr><p>b</p>', 'a\n\n---\n\nb'],
  ])('%s', (_n, html, want) => {
    expect(md(html)).toBe(want);
  });

  it('writes data tables as GFM with the first row as header', () => {
    const html = '<table><caption>Levels</caption><thead><tr><th>Day</th><th>cm</th></tr></thead>' +
      '<tbody><tr><td>Mon</td><td>4|1</td></tr><tr><td colspan="2">note</td></tr></tbody></table>';
    expect(md(html)).toBe('Levels\n\n| Day | cm |\n| --- | --- |\n| Mon | 4\\|1 |\n| note |');
  });

  it('writes a header-less table with its first row as header', () => {
    expect(md('<table><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>'))
      .toBe('| a | 1 |\n| --- | --- |\n| b | 2 |');
  });

  it('unwraps layout tables into blocks', () => {
    const prose = 'A long paragraph of prose that positions itself inside a table cell, as old templates did. '.repeat(2);
    const html = `<table><tr><td><p>${prose}</p></td><td><p>Second cell.</p></td></tr></table>`;
    expect(md(html)).toBe(`${prose.trim()}\n\nSecond cell.`);
  });

  it.each([
    ['a layout table', 'table'],
    ['a row of one', 'tr'],
    ['a section of one', 'tbody'],
  ])('reads a content root that is %s as blocks, not as one table row', (_name, selector) => {
    const prose = 'Text standing in a column of an old page grid, long enough to be read as prose here. '.repeat(2);
    const html = `<table><tbody><tr><td><p>${prose}</p></td><td><p>Second column.</p></td></tr></tbody></table>`;
    const doc = parseDocument(`<html><body>${html}</body></html>`);
    const out = toMarkdown(doc.querySelector(selector) as DomElement, BASE);
    expect(out).toBe(`${prose.trim()}\n\nSecond column.`);
  });

  it('keeps a data table that is the content root a table', () => {
    const doc = parseDocument('<html><body><table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table></body></html>');
    expect(toMarkdown(doc.querySelector('table') as DomElement, BASE)).toBe('| k | v |\n| --- | --- |\n| a | 1 |');
  });

  it.each([
    ['cells left open around <font>', '<table><tr><td><font>k<td><font>v<tr><td><font>a<td><font>1</table>'],
    ['cells and rows left open', '<table><tr><td>k<td>v<tr><td>a<td>1</table>'],
    ['closed cells', '<table><tr><td>k</td><td>v</td></tr><tr><td>a</td><td>1</td></tr></table>'],
  ])('reads a table with %s as a browser does', (_name, html) => {
    expect(md(html)).toBe('| k | v |\n| --- | --- |\n| a | 1 |');
  });

  it('leaves a table nested in a cell to itself', () => {
    const out = md('<table><tr><td><p>Text of a layout cell, long enough to be prose standing in an old page grid, really.</p><table><tr><td><font>x<td><font>y<tr><td><font>1<td><font>2</table></td></tr></table>');
    expect(out).toContain('| x | y |\n| --- | --- |\n| 1 | 2 |');
  });

  it.each([
    ['a spacer', '<p>a <img src="/img/spacer.gif" width="1" height="10"> b</p>', 'a b'],
    ['a rule', '<p>a</p><img src="/img/linie.gif" width="400" height="1"><p>b</p>', 'a\n\nb'],
    ['an icon', '<p>a <img src="/i/icon_post.gif" width="12" height="9" alt="Beitrag"> b</p>', 'a b'],
    ['an emoji image, as its character', '<p>thanks <img class="emoji" src="/e/1f600.svg" width="16" height="16" alt="😀"></p>', 'thanks 😀'],
    ['a photo', '<p><img src="/p.jpg" width="600" height="400" alt="Harbour"></p>', '![Harbour](https://m.example/p.jpg)'],
    ['an image without a size', '<p><img src="/p.jpg" alt="Harbour"></p>', '![Harbour](https://m.example/p.jpg)'],
  ])('layout images: %s', (_name, html, want) => {
    // A dropped image leaves the spaces around it, which Markdown reads as one.
    expect(md(html).replace(/ {2,}/g, ' ')).toBe(want);
  });

  it('keeps the line breaks of a list written with icons and <br> (D341)', () => {
    const icon = '<img src="/i/pdf.gif" width="16" height="16">';
    const html = `<font>\n${icon} <a href="/a.pdf">Plan</a> (PDF)<br>\n${icon} <a href="/b.pdf">Text</a> (PDF)<br>\n</font><font>Die Dateien dienen der Information.</font>`;
    expect(md(html)).toBe('[Plan](https://m.example/a.pdf) (PDF)\n[Text](https://m.example/b.pdf) (PDF)\nDie Dateien dienen der Information.');
  });

  it('writes a heading with block wrappers inside on one line', () => {
    expect(md('<h2><div><a href="#x" aria-label="link"></a></div><div>Default limits</div></h2><p>x</p>')).toBe('## Default limits\n\nx');
  });

  it.each([
    ['Hexo (numbers between <br>)', '<figure class="highlight"><table><tr><td class="gutter"><pre><span class="line">1</span><br><span class="line">2</span><br></pre></td><td class="code"><pre><span class="line">x = 1</span><br><span class="line">print(x)</span><br></pre></td></tr></table></figure>'],
    ['Pygments linenos="table"', '<table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td><td class="code"><div class="highlight"><pre>x = 1\nprint(x)</pre></div></td></tr></table>'],
    ['Hugo lntable', '<div class="chroma"><table class="lntable"><tr><td class="lntd"><pre><code><span class="lnt">1\n</span><span class="lnt">2\n</span></code></pre></td><td class="lntd"><pre><code>x = 1\nprint(x)\n</code></pre></td></tr></table></div>'],
  ])('drops the line-number gutter beside code: %s', (_name, html) => {
    expect(md(html)).toBe('```\nx = 1\nprint(x)\n```');
  });

  it('keeps a number column beside inline code in a data table', () => {
    expect(md('<table><tr><th>exit</th><th>name</th></tr><tr><td>1</td><td><code>ERR_IO</code></td></tr><tr><td>2</td><td><code>ERR_ARGS</code></td></tr></table>')).toBe(
      '| exit | name |\n| --- | --- |\n| 1 | `ERR_IO` |\n| 2 | `ERR_ARGS` |',
    );
  });

  it('unwraps single-column tables', () => {
    expect(md('<table><tr><td>one</td></tr><tr><td>two</td></tr></table>')).toBe('one\n\ntwo');
  });

  it('never leaves three blank lines or trailing spaces', () => {
    const out = md('<p>a  </p><div><div></div></div><p></p><br><p>b</p>');
    expect(out).not.toMatch(/\n{3,}/);
    expect(out).not.toMatch(/[ \t]+$/m);
  });
});
