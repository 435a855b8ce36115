// HTML → light DOM, from htmlparser2's events with the options and the event handling of linkedom's parser
// (linkedom/esm/shared/parse-from-string.js), so that both build the same tree from the same string:
//  - tag and attribute names lower-cased, as an HTML tokenizer does (D309: linkedom kept attribute names as written,
//    so `<A HREF>` had no `href`), the first of two same-named attributes kept; entities decoded;
//  - implied end tags and void elements as htmlparser2 closes them; `<x/>` is not self-closing (HTML mode);
//  - one text node per text event: htmlparser2 splits text at character references (`a &amp; b` is three nodes);
//  - comments kept (CDATA sections arrive as comments in HTML mode); doctypes and processing instructions dropped.
// linkedom also made <svg> subtrees SVG elements; they answer every question the extractor asks as HTML elements do.
import { Parser } from 'htmlparser2';
import { LightDocument } from './document.ts';
import { LightElement, attributesFrom } from './element.ts';
import { LightComment, type LightNode, LightText, appendNew } from './nodes.ts';

export function parseLight(html: string): LightDocument {
  const doc = new LightDocument();
  let open: LightNode = doc;
  const parser = new Parser(
    {
      onopentag(name: string, attribs: Record<string, string>): void {
        const el = new LightElement(doc, name, attributesFrom(attribs));
        appendNew(open, el);
        open = el;
      },
      ontext(text: string): void {
        appendNew(open, new LightText(doc, text));
      },
      oncomment(data: string): void {
        appendNew(open, new LightComment(doc, data));
      },
      onclosetag(): void {
        // htmlparser2 closes only what it opened, so the document itself is never closed.
        open = open.parentNode ?? doc;
      },
    },
    { lowerCaseAttributeNames: true, decodeEntities: true, xmlMode: false },
  );
  parser.write(html);
  parser.end();
  return doc;
}
