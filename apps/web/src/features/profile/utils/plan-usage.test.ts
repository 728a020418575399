import type { PlanUsageItem } from '@cairn/contracts/plans';
import { describe, expect, it } from 'vitest';
import { describeUsage } from './plan-usage';

const MB = 1024 * 1024;

function item(overrides: Partial<PlanUsageItem>): PlanUsageItem {
  return { key: 'lists', label: 'Lists', used: 0, limit: 20, ...overrides };
}

describe('describeUsage', () => {
  it.each([
    [item({ used: 12 }), '12 of 20 lists', 60, false, false],
    [item({ used: 0 }), '0 of 20 lists', 0, false, false],
    [item({ used: 20 }), '20 of 20 lists', 100, false, true],
    // After a downgrade: the bar stays full, the text tells the truth.
    [item({ used: 25 }), '25 of 20 lists', 100, true, true],
    [
      item({ key: 'worklogProjects', label: 'Work-log projects', used: 1, limit: 5 }),
      '1 of 5 work-log projects',
      20,
      false,
      false,
    ],
    [
      item({ key: 'attachmentStorageBytes', label: 'Attachment storage', used: 3.5 * MB, limit: 100 * MB }),
      '3.5 MB of 100 MB',
      3.5,
      false,
      false,
    ],
    [
      item({ key: 'attachmentStorageBytes', label: 'Attachment storage', used: 0, limit: 10 * 1024 * MB }),
      '0 B of 10 GB',
      0,
      false,
      false,
    ],
    [
      item({ key: 'pushDevices', label: 'Push devices', used: 0, limit: 0 }),
      '0 of 0 push devices',
      100,
      false,
      true,
    ],
  ] as const)('%o reads %s', (input, text, percent, isOverLimit, isAtLimit) => {
    expect(describeUsage(input)).toEqual({ text, percent, isOverLimit, isAtLimit });
  });

  it('says how much is used when the plan sets no limit', () => {
    expect(describeUsage(item({ used: 42, limit: null }))).toEqual({
      text: '42 lists',
      percent: null,
      isOverLimit: false,
      isAtLimit: false,
    });
    expect(
      describeUsage(
        item({ key: 'attachmentStorageBytes', label: 'Attachment storage', used: 2048, limit: null }),
      ).text,
    ).toBe('2 KB used');
  });
});
