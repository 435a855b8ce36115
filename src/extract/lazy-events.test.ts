import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { lazyEventsInstalled } from './lazy-events.ts';

interface TestEvent {
  type: string;
  bubbles: boolean;
  stopImmediatePropagation(): void;
}
type Target = {
  addEventListener(type: string, fn: (e: TestEvent) => void, options?: { once?: boolean }): void;
  removeEventListener(type: string, fn: (e: TestEvent) => void): void;
  dispatchEvent(e: TestEvent): boolean;
};

function page(): { inner: Target; outer: Target; Event: new (type: string, init?: { bubbles?: boolean }) => TestEvent } {
  const win = parseHTML('<html><body><div id="outer"><p id="inner">x</p></div></body></html>') as unknown as {
    document: { getElementById(id: string): Target };
    Event: new (type: string, init?: { bubbles?: boolean }) => TestEvent;
  };
  return { inner: win.document.getElementById('inner'), outer: win.document.getElementById('outer'), Event: win.Event };
}

describe('lazy event target for linkedom', () => {
  it('is installed on the linkedom version we pin (a layout change must fail here, not cost time silently)', () => {
    expect(lazyEventsInstalled()).toBe(true);
  });

  it('still delivers events: at target, bubbling, once, removal, stopImmediatePropagation', () => {
    const { inner, outer, Event } = page();
    const seen: string[] = [];
    const onInner = () => seen.push('inner');
    inner.addEventListener('ping', onInner);
    inner.addEventListener('ping', () => seen.push('inner-once'), { once: true });
    outer.addEventListener('ping', () => seen.push('outer'));
    inner.dispatchEvent(new Event('ping', { bubbles: true }));
    inner.dispatchEvent(new Event('ping'));
    inner.removeEventListener('ping', onInner);
    inner.dispatchEvent(new Event('ping', { bubbles: true }));
    expect(seen).toEqual(['inner', 'inner-once', 'outer', 'inner', 'outer']);

    const stopped: string[] = [];
    outer.addEventListener('stop', (e) => {
      stopped.push('first');
      e.stopImmediatePropagation();
    });
    outer.addEventListener('stop', () => stopped.push('second'));
    outer.dispatchEvent(new Event('stop'));
    expect(stopped).toEqual(['first']);
  });
});
