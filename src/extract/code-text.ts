// The text of a code block as it reads on screen, shared by the Markdown writer and the line-number gutter check
// (tables.ts).
import { type DomNode, TEXT_NODE, isElement } from './dom.ts';

/** Elements that hold one line each when a highlighter writes a code block line by line (`<div class="line">`). */
const LINE_BLOCKS = new Set(['div', 'p', 'li', 'tr']);

/**
 * The text of a code block as it reads on screen: `<br>` is a line break (Prism writes every line as
 * `<span class="token-line">…<br></span>`), and a block element inside the block is a line of its own.
 */
export function codeText(pre: DomNode): string {
  let out = '';
  const walk = (n: DomNode): void => {
    for (let c = n.firstChild; c !== null; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE) out += c.textContent ?? '';
      else if (!isElement(c)) continue;
      else if (c.localName === 'br') out += '\n';
      else {
        const line = LINE_BLOCKS.has(c.localName);
        if (line && out !== '' && !out.endsWith('\n')) out += '\n';
        walk(c);
        if (line && !out.endsWith('\n')) out += '\n';
      }
    }
  };
  walk(pre);
  return out;
}
