// Sign-up boxes (D352): which forms mark their box, and how far the box reaches.
import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.ts';
import { isSignupBox, markSignupBox } from './signup.ts';

const PITCH = '<p>Our weekly letter</p><p>One recipe every Friday. No spam.</p>';

function marked(body: string): string[] {
  const doc = parseDocument(`<html><body><main>${body}</main></body></html>`);
  for (const f of Array.from(doc.querySelectorAll('form'))) markSignupBox(f);
  return Array.from(doc.querySelectorAll('*')).filter(isSignupBox).map((e) => e.getAttribute('id') ?? e.localName);
}

describe('sign-up boxes', () => {
  it.each([
    ['an e-mail field and a button', '<input type="email" name="email"><button>Subscribe</button>', ['box']],
    ['a text field named for an address, a consent box', '<input type="text" name="EMAIL"><input type="checkbox" name="ok"><input type="submit">', ['box']],
    ['a name and an e-mail field', '<input name="first"><input type="email">', ['box']],
    ['a contact form (a text area)', '<input type="email"><textarea name="msg"></textarea>', []],
    ['a login (a password)', '<input type="email"><input type="password">', []],
    ['a search field', '<input type="search" name="q"><button>Go</button>', []],
    ['three fields', '<input name="a"><input name="b"><input type="email">', []],
  ])('%s', (_name, fields, want) => {
    expect(marked(`<p>${'A paragraph of the text, long enough to matter. '.repeat(10)}</p><div id="box">${PITCH}<form>${fields}</form></div>`)).toEqual(want);
  });

  it('stops below a block that holds more than a pitch, and never marks <main>', () => {
    const text = `<p>${'A paragraph of the text, long enough to matter. '.repeat(10)}</p>`;
    expect(marked(`<div id="outer">${text}<div id="box">${PITCH}<form><input type="email"></form></div></div>`)).toEqual(['box']);
    expect(marked(`<form id="bare"><input type="email"></form>`)).toEqual(['bare']);
  });
});
