#!/usr/bin/env node
// `npm run demo-site [-- --port N]`: a small site on 127.0.0.1 (default port 8000) for the README's examples: an index,
// a few linked article pages, a product page with JSON-LD, a PDF, a robots.txt that disallows /private/, and
// urls.txt (a URL list for `svc batch`). Plain node:http, no dependencies; stop it with Ctrl-C.
import { createServer } from 'node:http';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const PORT = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? 8000));
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;

const layout = (title, body) =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="description" content="${title}: a page of the capture-service demo site."></head>
<body><nav><a href="/">Home</a> · <a href="/docs/">Docs</a> · <a href="/product.html">Product</a></nav>
<main>${body}</main><footer>Demo site served by npm run demo-site.</footer></body></html>`;

const para = (topic) =>
  `<p>This paragraph is about ${topic}. It has enough plain words to count as the main content of the page, so the
  extractor keeps it and the Markdown shows it as written, with its <a href="/docs/getting-started.html">links</a>.</p>`;

const article = (title, topic) =>
  layout(title, `<article><h1>${title}</h1>${para(topic)}${para(`${topic}, again`)}<h2>Details</h2>${para(`the details of ${topic}`)}</article>`);

const docs = ['getting-started', 'batches', 'crawls', 'files'];

const product = layout(
  'Demo Kettle 1.7 l',
  `<h1>Demo Kettle 1.7 l</h1><p>A kettle that exists only on this demo site. Price: 39.90 EUR. In stock.</p>
<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Demo Kettle 1.7 l',
    brand: { '@type': 'Brand', name: 'Demo' },
    sku: 'DK-17',
    offers: { '@type': 'Offer', price: '39.90', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  })}</script>`,
);

/** A one-page PDF with a text line and an Info Title, its cross-reference offsets computed. */
function pdf() {
  const text = 'Demo report: quarterly figures of the capture-service demo site.';
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Title (Demo report) /Producer (capture-service demo-site) >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const HTML = 'text/html; charset=utf-8';
const PAGES = new Map([
  ['/', [HTML, layout('Demo site', `<h1>Demo site</h1>${para('the demo site')}<ul>
    <li><a href="/some-page.html">Some page</a></li><li><a href="/page">Another page</a></li>
    <li><a href="/docs/">Docs</a></li><li><a href="/product.html">A product</a></li>
    <li><a href="/report.pdf">A PDF report</a></li><li><a href="/private/notes.html">Private notes (robots.txt says no)</a></li>
    </ul>`)]],
  ['/some-page.html', [HTML, article('Some page', 'capturing a page')]],
  ['/page', [HTML, article('Another page', 'Markdown and links')]],
  ['/docs/', [HTML, layout('Docs', `<h1>Docs</h1><ul>${docs.map((d) => `<li><a href="/docs/${d}.html">${d}</a></li>`).join('')}</ul>`)]],
  ...docs.map((d) => [`/docs/${d}.html`, [HTML, article(`Docs: ${d}`, d.replace('-', ' '))]]),
  ['/product.html', [HTML, product]],
  ['/private/notes.html', [HTML, article('Private notes', 'a page robots.txt disallows')]],
  ['/report.pdf', ['application/pdf', pdf()]],
  ['/robots.txt', ['text/plain; charset=utf-8', 'User-agent: *\nDisallow: /private/\n']],
  ['/urls.txt', ['text/plain; charset=utf-8', ['/some-page.html', '/page', '/product.html', '/report.pdf', '/private/notes.html'].map((p) => ORIGIN + p).join('\n') + '\n']],
]);

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', ORIGIN).pathname;
  const page = PAGES.get(path);
  if (!page) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('not found\n');
    return;
  }
  const body = typeof page[1] === 'string' ? Buffer.from(page[1]) : page[1];
  res.writeHead(200, { 'content-type': page[0], 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
});

server.listen(PORT, HOST, () => {
  console.log(`demo site on ${ORIGIN}/ (Ctrl-C stops it)`);
  for (const p of PAGES.keys()) console.log(`  ${ORIGIN}${p}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
