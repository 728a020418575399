import { formatRRule } from '@cairn/recurrence';
import { describe, expect, it } from 'vitest';
import { readTodoistDate } from './todoist-dates';

// A Thursday morning in Berlin (UTC+1 in November): days there start at 23:00 UTC the evening before.
const now = new Date('2026-11-26T10:00:00Z');
const timeZone = 'Europe/Berlin';

function read(text: string, language = 'en') {
  const due = readTodoistDate(text, { language, now, timeZone });
  if (!due) return undefined;
  return {
    dueDate: due.dueDate.toISOString(),
    hasTime: due.dueDateHasTime,
    rrule: due.recurrence ? formatRRule(due.recurrence) : null,
  };
}

describe('readTodoistDate: one-off dates', () => {
  it.each([
    ['today', '2026-11-25T23:00:00.000Z', false],
    ['tod', '2026-11-25T23:00:00.000Z', false],
    ['Tomorrow', '2026-11-26T23:00:00.000Z', false],
    ['tom', '2026-11-26T23:00:00.000Z', false],
    ['tomorrow at 5pm', '2026-11-27T16:00:00.000Z', true],
    ['tomorrow 17:30', '2026-11-27T16:30:00.000Z', true],
    ['9:30am', '2026-11-26T08:30:00.000Z', true],
    ['today at 12am', '2026-11-25T23:00:00.000Z', true],
    ['2026-12-01', '2026-11-30T23:00:00.000Z', false],
    ['2026-12-01 10:00', '2026-12-01T09:00:00.000Z', true],
    ['2026-12-01T10:00', '2026-12-01T09:00:00.000Z', true],
    ['Dec 3', '2026-12-02T23:00:00.000Z', false],
    ['dec. 3', '2026-12-02T23:00:00.000Z', false],
    ['December 3rd', '2026-12-02T23:00:00.000Z', false],
    ['3 Dec 2026', '2026-12-02T23:00:00.000Z', false],
    ['Dec 3, 2027', '2027-12-02T23:00:00.000Z', false],
    ['Dec 3 at 8am', '2026-12-03T07:00:00.000Z', true],
    ['Nov 26', '2026-11-25T23:00:00.000Z', false],
    // Passed this year: Todoist means the next one.
    ['Nov 1', '2027-10-31T23:00:00.000Z', false],
    ['sept 9', '2027-09-08T22:00:00.000Z', false],
    ['Feb 29', '2028-02-28T23:00:00.000Z', false],
    // Summer time: the day starts at 22:00 UTC.
    ['2027-07-01', '2027-06-30T22:00:00.000Z', false],
  ])('%j → %s (timed: %s)', (text, dueDate, hasTime) => {
    expect(read(text)).toEqual({ dueDate, hasTime, rrule: null });
  });

  it('reads an ISO date in any language, and words only in English', () => {
    expect(read('2026-12-01', 'de')).toEqual({
      dueDate: '2026-11-30T23:00:00.000Z',
      hasTime: false,
      rrule: null,
    });
    expect(read('morgen', 'de')).toBeUndefined();
    expect(read('tomorrow', 'de')).toBeUndefined();
    expect(read('tomorrow', 'en-GB')?.dueDate).toBe('2026-11-26T23:00:00.000Z');
  });

  it('takes the day in the zone it is given', () => {
    const due = readTodoistDate('today', { language: 'en', now, timeZone: 'America/New_York' });
    expect(due?.dueDate.toISOString()).toBe('2026-11-26T05:00:00.000Z');
  });

  it.each([
    '',
    '   ',
    'next week',
    'in 3 days',
    'after the first frost',
    'Feb 30',
    '2026-13-01',
    '2026-02-30',
    'Smarch 3',
    'tomorrow at 25:00',
    'tomorrow at 13pm',
    'Dec 3 at 9:75',
    'constructor',
  ])('%j is not read', (text) => {
    expect(read(text)).toBeUndefined();
  });
});

describe('readTodoistDate: recurring strings', () => {
  it.each([
    ['every day', 'FREQ=DAILY', '2026-11-25T23:00:00.000Z', false],
    ['daily', 'FREQ=DAILY', '2026-11-25T23:00:00.000Z', false],
    ['ev day', 'FREQ=DAILY', '2026-11-25T23:00:00.000Z', false],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-11-25T23:00:00.000Z', false],
    ['every day at 9am', 'FREQ=DAILY', '2026-11-26T08:00:00.000Z', true],
    ['every week', 'FREQ=WEEKLY', '2026-11-25T23:00:00.000Z', false],
    ['weekly', 'FREQ=WEEKLY', '2026-11-25T23:00:00.000Z', false],
    ['every monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-29T23:00:00.000Z', false],
    ['Every Mon', 'FREQ=WEEKLY;BYDAY=MO', '2026-11-29T23:00:00.000Z', false],
    ['every mon, fri', 'FREQ=WEEKLY;BYDAY=MO,FR', '2026-11-26T23:00:00.000Z', false],
    ['every tuesday and thursday', 'FREQ=WEEKLY;BYDAY=TU,TH', '2026-11-25T23:00:00.000Z', false],
    ['every friday at 16:00', 'FREQ=WEEKLY;BYDAY=FR', '2026-11-27T15:00:00.000Z', true],
    ['every 2 weeks', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25T23:00:00.000Z', false],
    ['every other week', 'FREQ=WEEKLY;INTERVAL=2', '2026-11-25T23:00:00.000Z', false],
    ['every weekday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-25T23:00:00.000Z', false],
    ['every workday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-25T23:00:00.000Z', false],
    ['every weekend', 'FREQ=WEEKLY;BYDAY=SU,SA', '2026-11-27T23:00:00.000Z', false],
    ['every month', 'FREQ=MONTHLY', '2026-11-25T23:00:00.000Z', false],
    ['monthly', 'FREQ=MONTHLY', '2026-11-25T23:00:00.000Z', false],
    ['every 3 months', 'FREQ=MONTHLY;INTERVAL=3', '2026-11-25T23:00:00.000Z', false],
    ['every year', 'FREQ=YEARLY', '2026-11-25T23:00:00.000Z', false],
    ['yearly', 'FREQ=YEARLY', '2026-11-25T23:00:00.000Z', false],
    ['annually', 'FREQ=YEARLY', '2026-11-25T23:00:00.000Z', false],
  ])('%j → %s, first due %s', (text, rrule, dueDate, hasTime) => {
    expect(read(text)).toEqual({ dueDate, hasTime, rrule });
  });

  it('anchors the rule on today in the zone and stores it there', () => {
    const due = readTodoistDate('every monday', { language: 'en', now, timeZone });
    expect(due?.recurrence).toEqual({
      rule: 'weekly',
      startDate: new Date('2026-11-25T23:00:00.000Z'),
      timezone: timeZone,
      weekDays: [1],
    });
  });

  it.each([
    'every! day',
    'every 0 days',
    'every 3rd friday',
    'every day starting jan 1',
    'every last day',
    'every funday',
    'every monday, someday',
    'every',
  ])('%j is not read', (text) => {
    expect(read(text)).toBeUndefined();
  });
});
