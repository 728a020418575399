import { describe, expect, it } from 'vitest';
import { readPushPayload, resolveNotificationUrl, toNotification } from './push-notification';

const origin = 'https://cairn.example';
const taskId = '0f8fad5b-d9cb-469f-a165-70867728950e';

const reminder = {
  title: 'Pay the rent',
  body: 'Reminder',
  url: `/tasks/${taskId}`,
  tag: `reminder:${taskId}`,
  kind: 'reminder',
  taskId,
};

describe('readPushPayload', () => {
  it('reads a notification of the agreed shape', () => {
    expect(readPushPayload(JSON.stringify(reminder))).toEqual(reminder);
  });

  it.each([
    ['no data', undefined],
    ['empty text', ''],
    ['text that is not JSON', 'hello'],
    ['JSON of another shape', JSON.stringify({ message: 'hi' })],
    ['a missing url', JSON.stringify({ ...reminder, url: undefined })],
    ['an unknown kind', JSON.stringify({ ...reminder, kind: 'advert' })],
    ['a task id that is no id', JSON.stringify({ ...reminder, taskId: 'x' })],
  ])('drops %s', (_name, text) => {
    expect(readPushPayload(text)).toBeNull();
  });
});

describe('resolveNotificationUrl', () => {
  it.each([
    [`/tasks/${taskId}`, `${origin}/tasks/${taskId}`],
    ['/classic-list?view=today', `${origin}/classic-list?view=today`],
    ['/', `${origin}/`],
  ])('follows the app path %s', (url, expected) => {
    expect(resolveNotificationUrl(url, origin)).toBe(expected);
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'tasks/1'],
    ['no URL', undefined],
    ['a number', 42],
  ])('sends %s to the home page', (_name, url) => {
    expect(resolveNotificationUrl(url, origin)).toBe(`${origin}/`);
  });
});

describe('toNotification', () => {
  it('shows the title and body, replaces by tag and opens the task on click', () => {
    const payload = readPushPayload(JSON.stringify(reminder));
    if (!payload) throw new Error('the payload should be valid');
    expect(toNotification(payload, origin)).toEqual({
      title: 'Pay the rent',
      options: {
        body: 'Reminder',
        tag: `reminder:${taskId}`,
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: `${origin}/tasks/${taskId}` },
      },
    });
  });
});
