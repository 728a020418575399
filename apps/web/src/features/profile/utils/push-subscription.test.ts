import { describe, expect, it } from 'vitest';
import { decodeBase64Url, describeUserAgent, toSubscriptionBody } from './push-subscription';

describe('decodeBase64Url', () => {
  it.each([
    ['AQID', [1, 2, 3]],
    ['-_8', [251, 255]],
    ['AQ', [1]],
    ['AQ==', [1]],
  ])('%s is %j', (text, bytes) => {
    expect([...decodeBase64Url(text)]).toEqual(bytes);
  });

  it('decodes a 65-byte VAPID key', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = decodeBase64Url(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('toSubscriptionBody', () => {
  it('takes the endpoint and both keys', () => {
    expect(
      toSubscriptionBody({
        endpoint: 'https://push.example/abc',
        expirationTime: null,
        keys: { p256dh: 'BKey', auth: 'secret' },
      }),
    ).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'BKey', auth: 'secret' } });
  });

  it.each([
    ['no endpoint', { keys: { p256dh: 'a', auth: 'b' } }],
    ['no keys', { endpoint: 'https://push.example/abc' }],
    ['no auth key', { endpoint: 'https://push.example/abc', keys: { p256dh: 'a' } }],
  ])('gives nothing with %s', (_name, json) => {
    expect(toSubscriptionBody(json)).toBeUndefined();
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 15; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
    ['curl/8.0', 'Browser'],
    [null, 'Unknown device'],
  ])('%s is %s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });
});
