// The preview host's pages: server-rendered HTML with one external script and one stylesheet, no build step. The
// Content Security Policy allows scripts and styles from this host only (no inline script, no eval), so nothing
// in captured content could run even if it reached the DOM as markup (it does not: see markdown-tree.ts).
import { previewClient } from './client.ts';
import { renderMarkdownTree } from './markdown-tree.ts';
import type { QuotaView } from './quota.ts';
import { MAX_FIELDS } from './request.ts';
import { escapeHtml } from '../io/text.ts';

export const ABOUT_PATH = '/about';

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

function quotaText(q: QuotaView | null): string {
  if (!q) return 'The remaining allowance could not be read right now.';
  return `${q.visitor.remaining} of ${q.visitor.limit} previews left today for you (${q.site.remaining} of ${q.site.limit} left on the whole site). Allowances reset at ${q.resetsAt.slice(11, 16)} UTC.`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
${body}
<footer><p><a href="${ABOUT_PATH}">About this preview and its crawler</a></p></footer>
</body>
</html>`;
}

export function indexPage(quota: QuotaView | null): string {
  return layout(
    'Page preview',
    `<a class="skip" href="#result-title">Skip to the result</a>
<header>
<h1>Page preview</h1>
<p>Turn one public web page into readable Markdown, its links and metadata. No account needed; robots.txt is always obeyed.</p>
<p id="quota" aria-live="polite" data-remaining="${quota ? quota.visitor.remaining : ''}">${escapeHtml(quotaText(quota))}</p>
</header>
<main>
<noscript><p class="error">This page needs JavaScript to send a preview and show its result; the API at /api/preview works without it.</p></noscript>
<form id="preview-form" action="/api/preview" method="post" novalidate>
<div class="field">
<label for="url">Page address (URL)</label>
<input id="url" name="url" type="url" required autocomplete="url" spellcheck="false" placeholder="https://example.com/page" aria-describedby="hint">
<p id="hint" class="hint" aria-live="polite"></p>
</div>
<div class="field check">
<input id="mainContent" name="mainContent" type="checkbox" checked>
<label for="mainContent">Main content only (leave out menus, headers and footers)</label>
</div>
<div class="field">
<label for="fields">Fields to read (optional: up to ${MAX_FIELDS} names, separated by commas or new lines)</label>
<textarea id="fields" name="fields" rows="2" spellcheck="false" aria-describedby="fields-help"></textarea>
<p id="fields-help" class="hint">Each name is looked up in the page's structured data and text, without a language model, for example <code>price, author, datePublished</code>.</p>
</div>
<button id="submit" type="submit">Preview the page</button>
<p id="progress" class="hint" aria-live="polite"></p>
<p id="error" class="error" role="alert" hidden></p>
</form>
<section id="result" aria-labelledby="result-title" hidden>
<h2 id="result-title" tabindex="-1">Result</h2>
<dl id="summary" class="summary"></dl>
<h3>Content</h3>
<article id="rendered" class="markdown" aria-label="Rendered Markdown"></article>
<details><summary>Raw Markdown</summary><pre id="raw" tabindex="0"></pre></details>
<section id="fields-section" hidden aria-labelledby="fields-title">
<h3 id="fields-title">Fields</h3>
<table><thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">Found in</th></tr></thead><tbody id="fields-rows"></tbody></table>
</section>
<h3>Links (<span id="link-count">0</span>)</h3>
<ul id="links" class="links"></ul>
<h3>Metadata</h3>
<dl id="metadata" class="summary"></dl>
</section>
</main>`,
  );
}

export function aboutPage(): string {
  return layout(
    'About the page preview',
    `<main>
<h1>About the page preview</h1>
<p>This site turns one public web page at a time into Markdown, links and metadata for anyone who wants to try the capture service. Each visitor has 3 previews per UTC day, and the whole site 100.</p>
<h2>The crawler</h2>
<p>Every request of the preview (robots.txt and the page) sends a desktop browser's User-Agent followed by <code>Service-Preview/1.0</code> and a link to this page. It reads at most 2 MiB of a page and 5 MiB of a file, stores nothing, and never contacts private or reserved network addresses.</p>
<h2>Excluding it</h2>
<p>The preview obeys robots.txt. To exclude it, add a group for <code>service-preview</code> (or <code>service</code>):</p>
<pre>User-agent: service-preview
Disallow: /</pre>
<p>A group naming it replaces the <code>*</code> group for it (repeat the rules you want it to keep); without such a group it follows <code>*</code>. A robots.txt that cannot be read stops the preview too.</p>
<p><a href="/">Back to the preview</a></p>
</main>`,
  );
}

/** The page's script: the Markdown renderer and the page logic, from their TypeScript sources as bundled. */
export function appScript(): string {
  // A bundler that keeps function names (wrangler's default) calls a `__name` helper inside function bodies; the
  // browser has none, so a no-op stands in for it. The bundler may also rename the renderer (the client names it as
  // a global), so it is bound to the name the client uses.
  return `'use strict';\nvar __name = function (target) { return target; };\nvar renderMarkdownTree = ${renderMarkdownTree.toString()};\n(${previewClient.toString()})();\n`;
}

export const APP_CSS = `
:root { color-scheme: light; --ink: #1b1b1f; --muted: #4a4a55; --accent: #0b57d0; --bad: #a50e0e; --line: #c8c8d0; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem 1.25rem 3rem; font: 1.05rem/1.55 system-ui, sans-serif; color: var(--ink); background: #fff; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999rem; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
.field { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: .25rem; }
.check { display: flex; gap: .5rem; align-items: center; }
.check label { margin: 0; font-weight: 400; }
input[type=url], textarea { width: 100%; padding: .55rem .6rem; font: inherit; border: 2px solid var(--muted); border-radius: 4px; }
input[type=checkbox] { width: 1.2rem; height: 1.2rem; }
input[aria-invalid=true] { border-color: var(--bad); }
button { font: inherit; font-weight: 600; padding: .6rem 1.2rem; color: #fff; background: var(--accent); border: 0; border-radius: 4px; cursor: pointer; }
button[disabled] { background: var(--muted); cursor: progress; }
.hint { color: var(--muted); margin: .3rem 0 0; min-height: 1.2em; }
.error { color: var(--bad); font-weight: 600; border-left: 4px solid var(--bad); padding: .4rem .75rem; background: #fdecec; }
#quota { font-weight: 600; }
.summary { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
.summary dt { font-weight: 600; }
.summary dd { margin: 0; overflow-wrap: anywhere; }
.markdown { border: 1px solid var(--line); border-radius: 4px; padding: .5rem 1rem; overflow-wrap: anywhere; }
.markdown table, table { border-collapse: collapse; }
.markdown th, .markdown td, table th, table td { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f6; padding: .75rem; border-radius: 4px; }
.links { max-height: 20rem; overflow: auto; overflow-wrap: anywhere; }
footer { margin-top: 3rem; color: var(--muted); }
`;
