// The `auto` lane's question: is this HTTP answer a script-only shell, a page whose content only a browser would see?
// Pure and cheap (a few regular expressions over the first bytes): it runs on every `auto` capture of an HTML page.
// A shell needs all three signals: (almost) no visible text, at least one script, and an app root (an empty mount
// point such as `<div id="root">`, a framework's root element) or a <noscript> asking for JavaScript (decision D241).
import { nonSpaceLength } from '../io/text.ts';

/** Visible text below this many characters (whitespace removed) counts as empty. */
export const SHELL_MAX_TEXT = 200;
/** Bytes of the HTTP answer read to decide; a longer page is not a shell. */
export const SHELL_SCAN_BYTES = 256 * 1024;

export interface ShellVerdict {
  shell: boolean;
  /** The signals seen, for the result's `warnings` (e.g. `text:0`, `scripts:2`, `root:#root`). */
  signals: string[];
}

const APP_ROOT_IDS = ['root', 'app', '__next', '__nuxt', '___gatsby', 'svelte', 'main-app', 'application', 'react-root', 'ember-app'];
const APP_ROOT_ELEMENTS = ['app-root', 'my-app', 'flt-glass-pane'];

// One left-to-right pass: a comment, a block whose body no reader sees, a tag, or a run of text. The text runs are
// counted as they come, so a page with visible text is decided within its first few hundred characters of text.
const INVISIBLE = /<!--[\s\S]*?-->|<(script|style|noscript|template|head)\b[\s\S]*?<\/\1\s*>|<[^>]*>|[^<]+|</giy;
const NBSP = /&nbsp;|&#160;|&#xa0;/gi;

/** Non-whitespace characters of a text run, counted up to `max`. */
function visibleChars(run: string, max: number): number {
  return nonSpaceLength(run.includes('&') ? run.replace(NBSP, ' ') : run, max);
}

/** Non-whitespace characters a reader would see without script; counting stops once `stopAt` is reached. */
export function visibleTextLength(html: string, stopAt = Number.POSITIVE_INFINITY): number {
  let n = 0;
  INVISIBLE.lastIndex = 0;
  for (let m = INVISIBLE.exec(html); m !== null && n < stopAt; m = INVISIBLE.exec(html)) {
    const token = m[0];
    // A lone '<' that starts no tag is text, as the HTML tokenizer reads it.
    if (token.charCodeAt(0) !== 60 || token.length === 1) n += visibleChars(token, stopAt - n);
  }
  return n;
}

function scriptCount(html: string): number {
  let n = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    const typeMatch = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs);
    const type = (typeMatch?.[1] ?? '').toLowerCase();
    // Data blocks (JSON-LD, import maps, templates) are not programs.
    const program = type === '' || type === 'module' || type.includes('javascript') || type.includes('ecmascript');
    if (program && (/\bsrc\s*=/i.test(attrs) || m[2].trim() !== '')) n++;
  }
  return n;
}

function appRoot(html: string): string | null {
  for (const id of APP_ROOT_IDS) {
    // An empty mount point: the element closes right away (whitespace or comments inside only).
    const re = new RegExp(`<(div|main|section|body)\\b[^>]*\\bid\\s*=\\s*["']?${id}["']?[^>]*>(\\s|<!--[\\s\\S]*?-->)*</\\1>`, 'i');
    if (re.test(html)) return `#${id}`;
  }
  for (const el of APP_ROOT_ELEMENTS) {
    if (new RegExp(`<${el}\\b`, 'i').test(html)) return `<${el}>`;
  }
  if (/\bdata-(reactroot|server-rendered|v-app)\b/i.test(html)) return '[data-app]';
  return null;
}

function noscriptAsksForScript(html: string): boolean {
  for (const m of html.matchAll(/<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi)) {
    if (/\b(enable|turn on|requires?|need)\b[\s\S]{0,40}\bjavascript\b|\bjavascript\b[\s\S]{0,40}\b(enabled?|required|disabled)\b/i.test(m[1])) {
      return true;
    }
  }
  return false;
}

export function detectScriptShell(html: string): ShellVerdict {
  const text = visibleTextLength(html, SHELL_MAX_TEXT);
  // A page with visible text is never a shell: the other signals (a dozen scans of the page) are not needed.
  if (text >= SHELL_MAX_TEXT) return { shell: false, signals: [`text:>=${SHELL_MAX_TEXT}`] };
  const scripts = scriptCount(html);
  const root = appRoot(html);
  const noscript = noscriptAsksForScript(html);
  const signals = [`text:${text}`, `scripts:${scripts}`];
  if (root) signals.push(`root:${root}`);
  if (noscript) signals.push('noscript:javascript');
  return { shell: text < SHELL_MAX_TEXT && scripts > 0 && (root !== null || noscript), signals };
}
