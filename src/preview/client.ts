// The preview page's script. It runs in the visitor's browser: page.ts serves this function's source text together
// with renderMarkdownTree, so it is self-contained (browser globals only, no imports). Captured content reaches the
// DOM only through textContent, createTextNode and setAttribute of an http(s) href.
import type { CapabilityHint } from './capability.ts';
import type { MdNode } from './markdown-tree.ts';
import type { QuotaView } from './quota.ts';
import type { PreviewResponse } from './response.ts';

/** What /api/preview answers: a preview response (200, 400 refused address, 429) or an error body (400, 500). */
type PreviewAnswer = Partial<PreviewResponse> & { error?: string; code?: string };

declare function renderMarkdownTree(markdown: string): MdNode[];

// The slice of the browser DOM this script uses (the project compiles without the DOM library, whose globals
// would clash with the Workers types); module-scoped, so nothing leaks into the rest of the program.
interface DomNode {
  textContent: string | null;
}
interface DomElement extends DomNode {
  hidden: boolean;
  dataset: Record<string, string | undefined>;
  value: string;
  checked: boolean;
  disabled: boolean;
  firstElementChild: DomElement | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  appendChild(child: DomNode): DomNode;
  append(...children: DomNode[]): void;
  replaceChildren(...children: DomNode[]): void;
  focus(): void;
  addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void;
}
declare const document: {
  getElementById(id: string): DomElement | null;
  createElement(tag: string): DomElement;
  createTextNode(text: string): DomNode;
};

export function previewClient(): void {
  const byId = (id: string): DomElement => document.getElementById(id) as DomElement;
  const form = byId('preview-form');
  const urlInput = byId('url');
  const fieldsInput = byId('fields');
  const mainContent = byId('mainContent');
  const hint = byId('hint');
  const errorBox = byId('error');
  const quotaBox = byId('quota');
  const submit = byId('submit');
  const result = byId('result');

  const STATUS_WORDS: Record<string, string> = {
    success: 'Captured',
    partial: 'Partly captured (a size limit stopped the reading)',
    incomplete: 'Captured, but the content is incomplete',
    blocked: 'Blocked',
    timeout: 'Timed out',
    quota_exceeded: 'Daily allowance used up',
    invalid_url: 'Address refused',
    failed: 'Failed',
  };
  const ROUTE_WORDS: Record<string, string> = {
    generic: 'Web page.',
    retail_product: 'Online-store product page.',
    microblog_post: 'Microblog post.',
    forum_post: 'Forum post.',
    unsupported: '',
  };

  const el = (tag: string, text?: string): DomElement => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const build = (node: MdNode | string): DomNode => {
    if (typeof node === 'string') return document.createTextNode(node);
    const e = document.createElement(node.tag);
    for (const [k, v] of Object.entries(node.attrs ?? {})) e.setAttribute(k, v);
    for (const child of node.children ?? []) e.appendChild(build(child));
    return e;
  };
  const safeLink = (href: string): DomElement => {
    if (!/^https?:/i.test(href)) return el('span', href);
    const a = el('a', href);
    a.setAttribute('href', href);
    a.setAttribute('rel', 'nofollow noopener noreferrer');
    return a;
  };

  const showQuota = (q: QuotaView | null | undefined): void => {
    if (!q) return;
    quotaBox.dataset.remaining = String(q.visitor.remaining);
    const reset = String(q.resetsAt ?? '').slice(11, 16);
    quotaBox.textContent =
      `${q.visitor.remaining} of ${q.visitor.limit} previews left today for you ` +
      `(${q.site.remaining} of ${q.site.limit} left on the whole site). Allowances reset at ${reset || '00:00'} UTC.`;
  };
  const showError = (message: string | null): void => {
    errorBox.textContent = message ?? '';
    errorBox.hidden = message === null;
    if (message === null) urlInput.removeAttribute('aria-invalid');
  };

  let hintTimer: ReturnType<typeof setTimeout> | undefined;
  const checkHint = async (): Promise<void> => {
    const value = urlInput.value.trim();
    if (value === '') {
      hint.textContent = '';
      return;
    }
    try {
      const res = await fetch(`/api/capability?url=${encodeURIComponent(value)}`);
      const body = (await res.json()) as CapabilityHint;
      if (urlInput.value.trim() !== value) return;
      hint.dataset.route = res.ok ? String(body.route) : 'invalid';
      hint.textContent = res.ok ? `${ROUTE_WORDS[body.route] ?? ''} ${body.limitation}`.trim() : 'Not a complete web address yet: write it like https://example.com/page.';
    } catch {
      hint.textContent = '';
    }
  };
  urlInput.addEventListener('input', () => {
    clearTimeout(hintTimer);
    hintTimer = setTimeout(() => void checkHint(), 250);
  });

  const definitionList = (dl: DomElement, rows: Array<[string, DomNode | string | null]>): void => {
    dl.replaceChildren();
    for (const [term, value] of rows) {
      if (value === null || value === '') continue;
      dl.appendChild(el('dt', term));
      const dd = el('dd');
      dd.appendChild(typeof value === 'string' ? document.createTextNode(value) : value);
      dl.appendChild(dd);
    }
  };

  const showResult = (body: PreviewResponse): void => {
    const diagnostic = body.diagnostic;
    definitionList(byId('summary'), [
      ['Status', STATUS_WORDS[body.status] ?? body.status],
      ['What happened', diagnostic ? diagnostic.message : null],
      ['Reason code', body.reason ? String(body.reason) : null],
      ['Diagnostic', diagnostic ? `${diagnostic.code} (stage ${diagnostic.stage}, ${diagnostic.evidence})` : null],
      ['Final URL', body.finalUrl ? safeLink(String(body.finalUrl)) : null],
      ['Time taken', `${(Number(body.elapsedMs) / 1000).toFixed(1)} s`],
    ]);
    const markdown = typeof body.markdown === 'string' ? body.markdown : '';
    const rendered = byId('rendered');
    rendered.replaceChildren(...renderMarkdownTree(markdown).map(build));
    if (markdown === '') rendered.appendChild(el('p', 'No content was captured.'));
    byId('raw').textContent = markdown;
    const links = byId('links');
    links.replaceChildren(...body.links.map((href) => {
      const li = el('li');
      li.appendChild(safeLink(href));
      return li;
    }));
    byId('link-count').textContent = String(body.links.length);
    const meta: Record<string, string | null> = { ...(body.metadata ?? {}) };
    definitionList(byId('metadata'), Object.keys(meta).map((k): [string, string] => [k, meta[k] ?? 'not declared']));
    const fieldsSection = byId('fields-section');
    fieldsSection.hidden = !Array.isArray(body.fields);
    const rows = byId('fields-rows');
    rows.replaceChildren(...(body.fields ?? []).map((f) => {
      const tr = el('tr');
      tr.append(el('th', String(f.name)), el('td', f.value === null ? 'not found on the page' : typeof f.value === 'string' ? f.value : JSON.stringify(f.value)), el('td', f.source ?? '–'));
      tr.firstElementChild?.setAttribute('scope', 'row');
      return tr;
    }));
    result.hidden = false;
    byId('result-title').focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      showError(null);
      const fields = fieldsInput.value.split(/[,\n]/).map((s) => s.trim()).filter(Boolean);
      const payload = fields.length ? { url: urlInput.value.trim(), mainContent: mainContent.checked, fields } : { url: urlInput.value.trim(), mainContent: mainContent.checked };
      submit.disabled = true;
      form.setAttribute('aria-busy', 'true');
      byId('progress').textContent = 'Capturing the page…';
      let res: Response;
      let body: PreviewAnswer;
      try {
        res = await fetch('/api/preview', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
        body = (await res.json()) as PreviewAnswer;
      } catch {
        showError('The preview service could not be reached; check your connection and try again.');
        return;
      } finally {
        submit.disabled = false;
        form.removeAttribute('aria-busy');
        byId('progress').textContent = '';
      }
      showQuota(body.quota);
      // A refused or failed request leaves no earlier result on screen to be mistaken for its answer.
      if (!res.ok) result.hidden = true;
      if (res.status === 429 || res.status === 400) {
        urlInput.setAttribute('aria-invalid', res.status === 400 ? 'true' : 'false');
        showError(body.diagnostic?.message ?? body.error ?? 'The preview was refused.');
        if (res.status === 400) urlInput.focus();
        return;
      }
      if (!res.ok) {
        showError(body.error ? `The preview service failed: ${body.error}` : 'The preview service failed; try again later.');
        return;
      }
      const preview = body as PreviewResponse;
      if (preview.status !== 'success' && preview.status !== 'partial' && preview.diagnostic) showError(preview.diagnostic.message);
      showResult(preview);
    })();
  });
}
