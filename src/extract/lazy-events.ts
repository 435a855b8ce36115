// linkedom's EventTarget constructor gives every node it creates (elements, text, attributes) a `Map` of listeners in a
// module-wide WeakMap. The extractor never listens to events, yet that one line was a quarter of the parse and fed the
// garbage collector (issue 17's profiles: ~1.2 ms of ~20 ms per crawled page in workerd). Here linkedom's Node class is
// re-parented, once, onto an event target that keeps its listener maps lazily: nothing is allocated until a node
// actually gets a listener, and listeners still work (add, remove, dispatch with bubbling) for any code that uses them.
//
// This depends on linkedom's class layout (0.18.x: `Node extends EventTarget`, the exported `Node` a facade whose
// prototype is the real class). `lazyEventsInstalled()` reports whether the swap took; a test asserts it, so a linkedom
// upgrade that changes the layout fails loudly instead of silently costing the time again.
import { EventTarget as LinkedomEventTarget, Node as NodeFacade } from 'linkedom';

type Listener = ((event: LazyEvent) => void) | { handleEvent(event: LazyEvent): void };
type ListenerOptions = { once?: boolean } | boolean | undefined;

/** The fields of linkedom's Event that dispatch reads and writes. */
interface LazyEvent {
  type: string;
  bubbles: boolean;
  defaultPrevented: boolean;
  cancelBubble: boolean;
  eventPhase: number;
  currentTarget?: unknown;
  target?: unknown;
  _stopImmediatePropagationFlag?: boolean;
}

const AT_TARGET = 2;
const BUBBLING_PHASE = 3;

const listenersOf = new WeakMap<object, Map<string, Map<Listener, ListenerOptions>>>();

/** Calls the listeners of `node` for `event`; true when propagation was stopped. */
function invoke(node: object, target: object, event: LazyEvent): boolean {
  const listeners = listenersOf.get(node)?.get(event.type);
  if (listeners === undefined) return false;
  event.eventPhase = node === target ? AT_TARGET : BUBBLING_PHASE;
  event.currentTarget = node;
  event.target = target;
  for (const [listener, options] of [...listeners]) {
    if (typeof options === 'object' && options.once === true) listeners.delete(listener);
    if (typeof listener === 'function') listener.call(target, event);
    else listener.handleEvent(event);
    if (event._stopImmediatePropagationFlag === true) break;
  }
  delete event.currentTarget;
  delete event.target;
  return event.cancelBubble;
}

class LazyEventTarget {
  addEventListener(type: string, listener: Listener, options?: ListenerOptions): void {
    let byType = listenersOf.get(this);
    if (byType === undefined) listenersOf.set(this, (byType = new Map()));
    let listeners = byType.get(type);
    if (listeners === undefined) byType.set(type, (listeners = new Map()));
    listeners.set(listener, options);
  }

  removeEventListener(type: string, listener: Listener): void {
    const byType = listenersOf.get(this);
    const listeners = byType?.get(type);
    if (byType === undefined || listeners === undefined) return;
    if (listeners.delete(listener) && listeners.size === 0) byType.delete(type);
  }

  dispatchEvent(event: LazyEvent): boolean {
    const path: object[] = [];
    for (let node: unknown = this; typeof node === 'object' && node !== null; ) {
      path.push(node);
      if (!event.bubbles) break;
      const parent = (node as { _getParent?: () => unknown })._getParent;
      node = typeof parent === 'function' ? parent.call(node) : null;
    }
    for (const node of path) if (invoke(node, this, event)) break;
    event.eventPhase = 0;
    return !event.defaultPrevented;
  }

  /** linkedom's nodes override this with their parent; the target itself has none. */
  _getParent(): unknown {
    return null;
  }
}

let installed = false;

function install(): void {
  const realNode: unknown = Object.getPrototypeOf(NodeFacade);
  if (typeof realNode !== 'function' || Object.getPrototypeOf(realNode) !== LinkedomEventTarget) return;
  // `super()` in linkedom's Node looks its parent up at call time, so the swap also skips the eager constructor.
  Object.setPrototypeOf(realNode, LazyEventTarget);
  Object.setPrototypeOf((realNode as { prototype: object }).prototype, LazyEventTarget.prototype);
  installed = true;
}

install();

/** True when linkedom's nodes use the lazy event target (see the file header). */
export function lazyEventsInstalled(): boolean {
  return installed;
}
