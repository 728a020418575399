import { describe, expect, it } from 'vitest';
import { parseQuickAdd, type QuickAddLiteral, type QuickAddResult } from './parse-quick-add';

const lists = [
  { id: 'home', name: 'Home' },
  { id: 'home-office', name: 'Home office' },
  { id: 'work', name: 'Work' },
];

// Tuesday 24 November 2026, 10:00 in Berlin (UTC+1).
const TUESDAY = '2026-11-24T09:00:00.000Z';
const BERLIN = 'Europe/Berlin';

interface Row {
  input: string;
  now?: string;
  zone?: string;
  literals?: QuickAddLiteral[];
  expected: Partial<Omit<QuickAddResult, 'spans'>> & { spans?: string[] };
}

const rows: Row[] = [
  // Dates and times
  {
    input: 'Call Anna tomorrow 17:00',
    expected: {
      title: 'Call Anna',
      dueDate: '2026-11-25T16:00:00.000Z',
      dueDateHasTime: true,
      spans: ['date:tomorrow 17:00'],
    },
  },
  {
    input: 'Call Anna tomorrow at 5pm',
    expected: { title: 'Call Anna', dueDate: '2026-11-25T16:00:00.000Z', dueDateHasTime: true },
  },
  {
    input: 'Dentist in 3 days',
    expected: {
      title: 'Dentist',
      dueDate: '2026-11-26T23:00:00.000Z',
      dueDateHasTime: false,
      spans: ['date:in 3 days'],
    },
  },
  {
    input: 'Dentist in 3 days at 18:30',
    expected: { title: 'Dentist', dueDate: '2026-11-27T17:30:00.000Z', dueDateHasTime: true },
  },
  {
    input: 'Meeting next monday 9:15',
    expected: { title: 'Meeting', dueDate: '2026-11-30T08:15:00.000Z', dueDateHasTime: true },
  },
  // A time already past today means tomorrow.
  {
    input: 'Coffee 8:00',
    expected: { title: 'Coffee', dueDate: '2026-11-25T07:00:00.000Z', dueDateHasTime: true },
  },
  { input: 'Call Anna, tomorrow', expected: { title: 'Call Anna', dueDate: '2026-11-24T23:00:00.000Z' } },
  // Words chrono would take for a date but a title means otherwise.
  { input: 'Sat down with Bob', expected: { title: 'Sat down with Bob', dueDate: null, spans: [] } },
  { input: 'Read chapter 3', expected: { title: 'Read chapter 3', dueDate: null, spans: [] } },
  {
    input: 'Plain title',
    expected: {
      title: 'Plain title',
      dueDate: null,
      dueDateHasTime: false,
      quickurrence: null,
      urgency: null,
      listId: null,
      spans: [],
    },
  },
  // Recurrences: the due date is the first occurrence, from today.
  {
    input: 'Water plants every Monday #Home',
    expected: {
      title: 'Water plants',
      quickurrence: { rule: 'weekly', weekDays: [1], timezone: BERLIN },
      dueDate: '2026-11-29T23:00:00.000Z',
      dueDateHasTime: false,
      listId: 'home',
      spans: ['recurrence:every Monday', 'list:#Home'],
    },
  },
  {
    input: 'Pay rent every month on the 1st',
    expected: {
      title: 'Pay rent',
      quickurrence: { rule: 'monthly', monthDay: 1, timezone: BERLIN },
      dueDate: '2026-11-30T23:00:00.000Z',
    },
  },
  {
    input: 'Pay rent every 15th',
    expected: {
      title: 'Pay rent',
      quickurrence: { rule: 'monthly', monthDay: 15, timezone: BERLIN },
      dueDate: '2026-12-14T23:00:00.000Z',
    },
  },
  {
    input: 'Pay bills every month on the last day',
    expected: {
      title: 'Pay bills',
      quickurrence: { rule: 'monthly', monthDay: 31, monthDayMode: 'last', timezone: BERLIN },
      dueDate: '2026-11-29T23:00:00.000Z',
    },
  },
  {
    input: 'Stand-up every weekday',
    expected: {
      title: 'Stand-up',
      quickurrence: { rule: 'weekly', preset: 'businessDays', timezone: BERLIN },
      dueDate: '2026-11-23T23:00:00.000Z',
    },
  },
  {
    input: 'Clean up every weekend',
    expected: {
      title: 'Clean up',
      quickurrence: { rule: 'weekly', preset: 'weekends', timezone: BERLIN },
      dueDate: '2026-11-27T23:00:00.000Z',
    },
  },
  {
    input: 'Run every 2 weeks',
    expected: {
      title: 'Run',
      quickurrence: { rule: 'weekly', interval: 2, timezone: BERLIN },
      dueDate: '2026-11-23T23:00:00.000Z',
    },
  },
  {
    input: 'Sync every 2 weeks on Mon, Wed',
    expected: {
      title: 'Sync',
      quickurrence: { rule: 'weekly', interval: 2, weekDays: [1, 3], timezone: BERLIN },
      dueDate: '2026-11-24T23:00:00.000Z',
    },
  },
  {
    input: 'Water every 3 days',
    expected: {
      title: 'Water',
      quickurrence: { rule: 'daily', interval: 3, timezone: BERLIN },
      dueDate: '2026-11-23T23:00:00.000Z',
    },
  },
  {
    input: 'Invoice every other month',
    expected: { title: 'Invoice', quickurrence: { rule: 'monthly', interval: 2, timezone: BERLIN } },
  },
  {
    input: 'Renew passport every year',
    expected: { title: 'Renew passport', quickurrence: { rule: 'yearly', timezone: BERLIN } },
  },
  {
    input: 'Team sync every last Friday',
    expected: {
      title: 'Team sync',
      quickurrence: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 5, nth: 'last' }, timezone: BERLIN },
      dueDate: '2026-11-26T23:00:00.000Z',
    },
  },
  {
    input: 'Book club every first Monday of the month',
    expected: {
      title: 'Book club',
      quickurrence: { rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 1 }, timezone: BERLIN },
      dueDate: '2026-12-06T23:00:00.000Z',
    },
  },
  {
    input: 'Gym every Monday and Thursday at 7:30',
    expected: {
      title: 'Gym',
      quickurrence: { rule: 'weekly', weekDays: [1, 4], timezone: BERLIN },
      dueDate: '2026-11-26T06:30:00.000Z',
      dueDateHasTime: true,
    },
  },
  // Today's 8:00 has passed at 10:00: the series starts tomorrow.
  {
    input: 'Stretch every day at 8:00',
    expected: {
      title: 'Stretch',
      quickurrence: { rule: 'daily', timezone: BERLIN },
      dueDate: '2026-11-25T07:00:00.000Z',
      dueDateHasTime: true,
    },
  },
  // Each kind is read once: its first occurrence.
  {
    input: 'Yoga !low every Friday !high',
    expected: {
      title: 'Yoga !high',
      urgency: 'low',
      quickurrence: { rule: 'weekly', weekDays: [5], timezone: BERLIN },
    },
  },
  // "every" that is no recurrence stays text.
  { input: 'Read every chapter', expected: { title: 'Read every chapter', quickurrence: null, spans: [] } },
  // Markers
  {
    input: 'Review PR !high #Work',
    expected: { title: 'Review PR', urgency: 'high', listId: 'work', spans: ['urgency:!high', 'list:#Work'] },
  },
  { input: 'Fix leak !!', expected: { title: 'Fix leak', urgency: 'high' } },
  { input: '!MEDIUM tidy desk', expected: { title: 'tidy desk', urgency: 'medium' } },
  { input: 'Sort mail !low', expected: { title: 'Sort mail', urgency: 'low' } },
  { input: 'Hello!! world', expected: { title: 'Hello!! world', urgency: null, spans: [] } },
  {
    input: 'Plan #home office',
    expected: { title: 'Plan', listId: 'home-office', spans: ['list:#home office'] },
  },
  { input: 'Plan #HOME: garden', expected: { title: 'Plan: garden', listId: 'home' } },
  { input: '#Homeward bound', expected: { title: '#Homeward bound', listId: null, spans: [] } },
  { input: 'Ask #Unknown list', expected: { title: 'Ask #Unknown list', listId: null } },
  {
    input: 'Meeting next monday 9:15 #Work !low',
    expected: { title: 'Meeting', listId: 'work', urgency: 'low', dueDateHasTime: true },
  },
  // Undone recognitions stay literal.
  {
    input: 'Call Anna tomorrow 17:00',
    literals: [{ kind: 'date', text: 'tomorrow 17:00' }],
    expected: { title: 'Call Anna tomorrow 17:00', dueDate: null, dueDateHasTime: false, spans: [] },
  },
  {
    input: 'Read every day',
    literals: [{ kind: 'recurrence', text: 'every day' }],
    expected: { title: 'Read every day', quickurrence: null, dueDate: null, spans: [] },
  },
  {
    input: 'Water plants every Monday #Home',
    literals: [{ kind: 'list', text: '#Home' }],
    expected: { title: 'Water plants #Home', listId: null, spans: ['recurrence:every Monday'] },
  },
  // Daylight saving time: Berlin moves to UTC+2 at 02:00 on 29 March 2026.
  {
    input: 'Call tomorrow 9:00',
    now: '2026-03-28T12:00:00.000Z',
    expected: { title: 'Call', dueDate: '2026-03-29T07:00:00.000Z', dueDateHasTime: true },
  },
  {
    input: 'Report tomorrow',
    now: '2026-03-28T12:00:00.000Z',
    expected: { dueDate: '2026-03-28T23:00:00.000Z' },
  },
  {
    input: 'Check oven in 2 hours',
    now: '2026-03-29T00:30:00.000Z',
    expected: { title: 'Check oven', dueDate: '2026-03-29T02:30:00.000Z', dueDateHasTime: true },
  },
  {
    input: 'Water every Monday',
    now: '2026-03-28T12:00:00.000Z',
    expected: {
      dueDate: '2026-03-29T22:00:00.000Z',
      quickurrence: { rule: 'weekly', weekDays: [1], timezone: BERLIN },
    },
  },
  // New York leaves daylight saving time on 1 November 2026.
  {
    input: 'Call tomorrow 17:00',
    now: '2026-10-31T16:00:00.000Z',
    zone: 'America/New_York',
    expected: { dueDate: '2026-11-01T22:00:00.000Z', dueDateHasTime: true },
  },
  // "Tomorrow" is the zone's tomorrow: already Wednesday in Tokyo, still Tuesday in Los Angeles.
  {
    input: 'Ship tomorrow',
    now: '2026-11-24T23:30:00.000Z',
    zone: 'Asia/Tokyo',
    expected: { dueDate: '2026-11-25T15:00:00.000Z' },
  },
  {
    input: 'Ship tomorrow',
    now: '2026-11-24T23:30:00.000Z',
    zone: 'America/Los_Angeles',
    expected: { dueDate: '2026-11-25T08:00:00.000Z' },
  },
  {
    input: 'Review every Tuesday',
    now: '2026-11-24T23:30:00.000Z',
    zone: 'Asia/Tokyo',
    expected: {
      dueDate: '2026-11-30T15:00:00.000Z',
      quickurrence: { rule: 'weekly', weekDays: [2], timezone: 'Asia/Tokyo' },
    },
  },
  {
    input: 'Standup 9:00',
    now: '2026-11-24T23:30:00.000Z',
    zone: 'Asia/Kolkata',
    expected: { dueDate: '2026-11-25T03:30:00.000Z' },
  },
];

describe('parseQuickAdd', () => {
  const table = rows.map((row) => ({ now: TUESDAY, zone: BERLIN, ...row }));
  it.each(table)('$input (now $now, $zone)', ({ input, now, zone, literals, expected }) => {
    const result = parseQuickAdd(input, { now: new Date(now), timeZone: zone, lists, literals });
    const { spans, ...fields } = expected;
    expect(result).toMatchObject(fields);
    // Exactly what is sent: no option more or less.
    if (fields.quickurrence !== undefined) expect(result.quickurrence).toEqual(fields.quickurrence);
    if (spans) expect(result.spans.map((span) => `${span.kind}:${span.text}`)).toEqual(spans);
    for (const span of result.spans) expect(input.slice(span.start, span.end)).toBe(span.text);
  });
});
