// JSON Pointer helpers (RFC 6901). `fieldEvidence` and `json.evidence` are keyed by pointers into `json.data`.

/** Escapes one reference token: `~` → `~0`, `/` → `~1` (RFC 6901 §3). */
export function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${escapeToken(String(token))}`;
}

export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapeToken);
}

/** True when `pointer` is `ancestor` or lies below it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

/**
 * Sets an own member, whatever its name: `obj.__proto__ = v` would change the prototype instead, and schema and page
 * names such as `__proto__` are plain keys here.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An own member's value; never an inherited one (`constructor`, `toString` are plain keys). */
export function getOwn(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/** The value at `pointer`, or undefined when a step is missing. */
export function getAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(cur)) cur = cur[Number(token)];
    else if (cur !== null && typeof cur === 'object') cur = getOwn(cur, token);
    else return undefined;
  }
  return cur;
}

/** Converts a validator `instanceLocation` (`#/a/b`) into a pointer (`/a/b`). */
export function fromInstanceLocation(location: string): string {
  const raw = location.startsWith('#') ? location.slice(1) : location;
  return raw.split('/').map((t) => decodeURIComponent(t)).join('/');
}

/** Removes the member at `pointer` (object key or array element) in place. */
export function removeAt(root: unknown, pointer: string): void {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop();
  if (last === undefined) return;
  const parent = getAt(root, tokens.length ? `/${tokens.map(escapeToken).join('/')}` : '');
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
}

/** Sets the member at `pointer`, creating intermediate objects. */
export function setAt(root: Record<string, unknown>, pointer: string, value: unknown): void {
  const tokens = pointerTokens(pointer);
  const last = tokens.pop();
  if (last === undefined) return;
  let cur: Record<string, unknown> = root;
  for (const token of tokens) {
    const next = getOwn(cur, token);
    if (next === null || typeof next !== 'object' || Array.isArray(next)) setOwn(cur, token, {});
    cur = getOwn(cur, token) as Record<string, unknown>;
  }
  setOwn(cur, last, value);
}
