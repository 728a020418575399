import { describe, expect, it } from 'vitest';
import { getSafeRedirectPath } from './safe-redirect';

const origin = 'https://cairn.example.com';

describe('getSafeRedirectPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/trackers/logs?trackerId=abc#top', '/trackers/logs?trackerId=abc#top'],
    ['/', '/'],
  ])('keeps the same-site path %s', (redirect, expected) => {
    expect(getSafeRedirectPath(redirect, origin)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'profile',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?redirect=%2F',
  ])('refuses %s', (redirect) => {
    expect(getSafeRedirectPath(redirect, origin)).toBeNull();
  });
});
