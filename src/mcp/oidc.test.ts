import { describe, expect, it } from 'vitest';
import { isOwner } from './oidc.ts';
import type { McpSettings } from './settings.ts';

const settings: McpSettings = {
  issuer: 'https://id.example',
  clientId: 'c',
  clientSecret: 's',
  ownerSub: 'owner',
  ownerEmail: null,
  resource: 'https://capture.example/mcp',
};

describe('isOwner', () => {
  it('admits the configured sub only', () => {
    expect(isOwner({ sub: 'owner' }, settings)).toBe(true);
    expect(isOwner({ sub: 'mallory' }, settings)).toBe(false);
    expect(isOwner({}, settings)).toBe(false);
  });

  it('with an owner email, also needs that email (any case), not marked unverified', () => {
    const withEmail = { ...settings, ownerEmail: 'Owner@Example.org' };
    expect(isOwner({ sub: 'owner', email: 'owner@example.org' }, withEmail)).toBe(true);
    expect(isOwner({ sub: 'owner', email: 'owner@example.org', email_verified: true }, withEmail)).toBe(true);
    expect(isOwner({ sub: 'owner', email: 'owner@example.org', email_verified: false }, withEmail)).toBe(false);
    expect(isOwner({ sub: 'owner', email: 'other@example.org' }, withEmail)).toBe(false);
    expect(isOwner({ sub: 'owner' }, withEmail)).toBe(false);
    expect(isOwner({ sub: 'mallory', email: 'owner@example.org' }, withEmail)).toBe(false);
  });
});
