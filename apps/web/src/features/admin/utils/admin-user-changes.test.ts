import type { AdminUser, AdminUserPage } from '@cairn/contracts/admin';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyAdminUserChange, describeAdminUserChange, replaceAdminUser } from './admin-user-changes';

const now = new Date('2026-11-26T04:00:00Z');

function user(id: string, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    username: `user-${id}`,
    email: `${id}@example.test`,
    isAdmin: false,
    plan: 'free',
    verifiedAt: null,
    disabledAt: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    storageBytes: 0,
    ...overrides,
  };
}

describe('applyAdminUserChange', () => {
  it('sets the plan and the admin flag', () => {
    expect(applyAdminUserChange(user('a'), { plan: 'premium', isAdmin: true }, now)).toMatchObject({
      plan: 'premium',
      isAdmin: true,
      disabledAt: null,
    });
  });

  it('disables now, keeps an earlier time, and enables', () => {
    const earlier = new Date('2026-11-01T00:00:00Z');
    expect(applyAdminUserChange(user('a'), { isDisabled: true }, now).disabledAt).toEqual(now);
    expect(
      applyAdminUserChange(user('a', { disabledAt: earlier }), { isDisabled: true }, now).disabledAt,
    ).toEqual(earlier);
    expect(
      applyAdminUserChange(user('a', { disabledAt: earlier }), { isDisabled: false }, now).disabledAt,
    ).toBeNull();
  });
});

describe('replaceAdminUser', () => {
  const data: InfiniteData<AdminUserPage, string | null> = {
    pages: [
      { items: [user('a'), user('b')], nextCursor: 'c1', total: 3 },
      { items: [user('c')], nextCursor: null, total: 3 },
    ],
    pageParams: [null, 'c1'],
  };

  it('replaces the user on whichever page holds them', () => {
    const next = replaceAdminUser(data, 'c', (found) => ({ ...found, plan: 'premium' }));
    expect(next?.pages[1]?.items[0]?.plan).toBe('premium');
    expect(next?.pages[0]?.items.map((found) => found.plan)).toEqual(['free', 'free']);
    expect(next?.pageParams).toEqual([null, 'c1']);
  });

  it('leaves a listing without the user untouched', () => {
    expect(replaceAdminUser(data, 'z', (found) => ({ ...found, plan: 'premium' }))).toBe(data);
    expect(replaceAdminUser(undefined, 'a', (found) => found)).toBeUndefined();
  });
});

describe('describeAdminUserChange', () => {
  it('names the user and what changes', () => {
    expect(describeAdminUserChange('alice', { plan: 'premium' })).toBe('move alice to the Premium plan');
    expect(describeAdminUserChange('alice', { isAdmin: true })).toBe('make alice an admin');
    expect(describeAdminUserChange('alice', { isAdmin: false })).toBe("remove alice's admin rights");
    expect(describeAdminUserChange('alice', { isDisabled: true })).toBe('disable alice');
    expect(describeAdminUserChange('alice', { isDisabled: false, plan: 'free' })).toBe(
      'move alice to the Free plan and enable alice',
    );
  });
});
