// Markdown of a captured page → a tree of plain nodes, which the page's script turns into DOM elements with
// createElement and textContent only. Nothing of the captured text is ever parsed as HTML, so no markup or script
// from the page can run; links keep only http(s) and mailto targets. The function is self-contained (no imports,
// no outer references) because the preview serves its source text to the browser (page.ts).
// Covers what the extractor writes: headings, paragraphs, lists, quotes, code blocks, tables, rules, links, images
// (shown as their alt text), emphasis and code spans.

export interface MdNode {
  /** One of: h1–h6 p ul ol li blockquote pre code table thead tbody tr th td hr a strong em span br. */
  tag: string;
  attrs?: Record<string, string>;
  children?: Array<MdNode | string>;
}

export function renderMarkdownTree(markdown: string): MdNode[] {
  const safeHref = (raw: string): string | null => {
    const href = raw.trim().replace(/^<|>$/g, '');
    return /^(https?:|mailto:)/i.test(href) ? href : null;
  };

  const inline = (text: string): Array<MdNode | string> => {
    const out: Array<MdNode | string> = [];
    let plain = '';
    const flush = () => {
      if (plain) out.push(plain);
      plain = '';
    };
    let i = 0;
    while (i < text.length) {
      const rest = text.slice(i);
      let m: RegExpExecArray | null;
      if (rest[0] === '\\' && rest.length > 1 && /[\\`*_[\]()#+\-.!|<>]/.test(rest[1])) {
        plain += rest[1];
        i += 2;
      } else if ((m = /^(`+)([\s\S]*?[^`])\1(?!`)/.exec(rest))) {
        flush();
        out.push({ tag: 'code', children: [m[2].trim() === '' ? m[2] : m[2].replace(/^ (.*) $/, '$1')] });
        i += m[0].length;
      } else if ((m = /^!\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(rest))) {
        flush();
        out.push({ tag: 'span', attrs: { class: 'md-image' }, children: [`[image: ${m[1] || 'no description'}]`] });
        i += m[0].length;
      } else if ((m = /^\[((?:[^[\]]|\[[^\]]*\])*)\]\(([^()\s]*(?:\([^()\s]*\))?[^()\s]*)(?:\s+"([^"]*)")?\)/.exec(rest))) {
        flush();
        const href = safeHref(m[2]);
        const children = inline(m[1]);
        out.push(href ? { tag: 'a', attrs: { href, rel: 'nofollow noopener noreferrer', ...(m[3] ? { title: m[3] } : {}) }, children } : { tag: 'span', children });
        i += m[0].length;
      } else if ((m = /^<((?:https?|mailto):[^\s<>]+)>/i.exec(rest))) {
        flush();
        out.push({ tag: 'a', attrs: { href: m[1], rel: 'nofollow noopener noreferrer' }, children: [m[1]] });
        i += m[0].length;
      } else if ((m = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest))) {
        flush();
        out.push({ tag: 'strong', children: inline(m[2]) });
        i += m[0].length;
      } else if ((m = /^(\*|_)(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest)) && !(m[1] === '_' && /\w/.test(text[i - 1] ?? ''))) {
        flush();
        out.push({ tag: 'em', children: inline(m[2]) });
        i += m[0].length;
      } else {
        plain += rest[0];
        i += 1;
      }
    }
    flush();
    return out;
  };

  const cells = (row: string): string[] =>
    row.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));

  const blocks = (lines: string[]): MdNode[] => {
    const out: MdNode[] = [];
    let para: string[] = [];
    const endPara = () => {
      if (para.length) out.push({ tag: 'p', children: inline(para.join(' ')) });
      para = [];
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      let m: RegExpExecArray | null;
      if ((m = /^\s*(```+|~~~+)/.exec(line))) {
        endPara();
        const fence = m[1];
        const body: string[] = [];
        for (i++; i < lines.length && !lines[i].trim().startsWith(fence); i++) body.push(lines[i]);
        out.push({ tag: 'pre', children: [{ tag: 'code', children: [body.join('\n')] }] });
      } else if ((m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line))) {
        endPara();
        out.push({ tag: `h${m[1].length}`, children: inline(m[2]) });
      } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
        endPara();
        out.push({ tag: 'hr' });
      } else if (/^\s*>/.test(line)) {
        endPara();
        const quoted: string[] = [];
        for (; i < lines.length && /^\s*>/.test(lines[i]); i++) quoted.push(lines[i].replace(/^\s*>\s?/, ''));
        i--;
        out.push({ tag: 'blockquote', children: blocks(quoted) });
      } else if ((m = /^\s*([-*+]|\d{1,9}[.)])\s+/.exec(line))) {
        endPara();
        const ordered = /\d/.test(m[1]);
        const items: MdNode[] = [];
        for (; i < lines.length; i++) {
          const item = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/.exec(lines[i]);
          if (item) items.push({ tag: 'li', children: inline(item[2]) });
          else if (lines[i].trim() !== '' && /^\s{2,}/.test(lines[i]) && items.length) items.at(-1)?.children?.push(' ', ...inline(lines[i].trim()));
          else break;
        }
        i--;
        out.push({ tag: ordered ? 'ol' : 'ul', children: items });
      } else if (/^\s*\|.*\|\s*$/.test(line)) {
        endPara();
        const rows: string[][] = [];
        for (; i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i]); i++) {
          if (!/^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*\|?\s*$/.test(lines[i])) rows.push(cells(lines[i]));
        }
        i--;
        const [head, ...body] = rows;
        out.push({
          tag: 'table',
          children: [
            { tag: 'thead', children: [{ tag: 'tr', children: head.map((c) => ({ tag: 'th', children: inline(c) })) }] },
            { tag: 'tbody', children: body.map((r) => ({ tag: 'tr', children: r.map((c) => ({ tag: 'td', children: inline(c) })) })) },
          ],
        });
      } else if (line.trim() === '') {
        endPara();
      } else {
        para.push(line.trim());
      }
    }
    endPara();
    return out;
  };

  return blocks(markdown.replace(/\r\n?/g, '\n').split('\n'));
}
