import { recurrenceOptionsSchema } from '@cairn/recurrence';
import { describe, expect, it } from 'vitest';
import {
  changeStartDay,
  createScheduleForm,
  readScheduleForm,
  type ScheduleForm,
  settleScheduleForm,
  toZonedDay,
} from './schedule-form';

const zone = 'Europe/Berlin';

function settle(form: ScheduleForm, fromDay = form.startDay) {
  const result = settleScheduleForm(form, fromDay);
  if (!result.isValid) throw new Error(`invalid: ${JSON.stringify(result.messages)}`);
  return result;
}

const days = (dates: readonly Date[], timeZone = zone) => dates.map((date) => toZonedDay(date, timeZone));

describe('a new schedule', () => {
  it('repeats every month on the start day from the start day, in its zone', () => {
    const result = settle(createScheduleForm('2026-01-31', zone));
    expect(result.stored).toEqual({
      rule: 'monthly',
      startDate: '2026-01-30T23:00:00.000Z',
      timezone: zone,
      monthDay: 31,
    });
    expect(result.text).toBe("Every month on the 31st or the month's last day");
    expect(days(result.upcoming)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('is what the API accepts: the stored form passes the shared schema', () => {
    const { stored } = settle(createScheduleForm('2026-03-10', zone));
    expect(recurrenceOptionsSchema.safeParse(stored).success).toBe(true);
  });
});

describe('each frequency', () => {
  const base = createScheduleForm('2026-03-02', zone);

  it('weekly on chosen days, every other week, names the business-days preset when it is one', () => {
    const result = settle({ ...base, rule: 'weekly', interval: '2', weekDays: [5, 1] });
    expect(result.stored).toMatchObject({ rule: 'weekly', interval: 2, weekDays: [1, 5] });
    expect(result.text).toBe('Every 2 weeks on Monday and Friday');
    expect(days(result.upcoming)).toEqual(['2026-03-02', '2026-03-06', '2026-03-16']);

    const businessDays = settle({ ...base, rule: 'weekly', weekDays: [1, 2, 3, 4, 5] });
    expect(businessDays.stored).toMatchObject({ preset: 'businessDays' });
    expect(businessDays.stored).not.toHaveProperty('weekDays');
  });

  it('monthly on the nth weekday', () => {
    const result = settle({
      ...base,
      rule: 'monthly',
      monthlyBy: 'weekday',
      nthWeekday: { weekday: 5, nth: 'last' },
    });
    expect(result.stored).toMatchObject({ nthWeekdayOfMonth: { weekday: 5, nth: 'last' } });
    expect(result.stored).not.toHaveProperty('monthDay');
    expect(result.text).toBe('Every month on the last Friday');
    expect(days(result.upcoming)).toEqual(['2026-03-27', '2026-04-24', '2026-05-29']);
  });

  it('daily and yearly drop the other rules’ fields', () => {
    const daily = settle({ ...base, rule: 'daily', interval: '3' });
    expect(daily.stored).toEqual({
      rule: 'daily',
      startDate: daily.stored.startDate,
      timezone: zone,
      interval: 3,
    });
    const yearly = settle({ ...base, rule: 'yearly' });
    expect(yearly.text).toBe('Every year on March 2');
  });
});

describe('ends', () => {
  const base = createScheduleForm('2026-03-02', zone);

  it('after a number of times', () => {
    const result = settle({ ...base, end: 'count', count: '2' });
    expect(result.stored).toMatchObject({ count: 2 });
    expect(result.text).toBe('Every month on the 2nd, 2 times');
    expect(days(result.upcoming)).toEqual(['2026-03-02', '2026-04-02']);
  });

  it('on a day, that day included', () => {
    const result = settle({ ...base, end: 'date', endDay: '2026-04-02' });
    expect(result.stored).toMatchObject({ endDate: '2026-04-01T22:00:00.000Z' });
    expect(days(result.upcoming)).toEqual(['2026-03-02', '2026-04-02']);
  });
});

describe('mistakes', () => {
  const base = createScheduleForm('2026-03-02', zone);

  it('names the field at fault, in words for the form', () => {
    expect(settleScheduleForm({ ...base, interval: '0' }, base.startDay)).toEqual({
      isValid: false,
      messages: { interval: 'Repeat every 1 or more' },
    });
    expect(settleScheduleForm({ ...base, rule: 'weekly', weekDays: [] }, base.startDay)).toMatchObject({
      messages: { weekDays: 'Choose at least one day of the week' },
    });
    expect(settleScheduleForm({ ...base, monthDay: '32' }, base.startDay)).toMatchObject({
      messages: { monthDay: 'Choose a day of the month from 1 to 31' },
    });
    expect(settleScheduleForm({ ...base, end: 'count', count: '' }, base.startDay)).toMatchObject({
      messages: { count: 'Enter how many times, 1 or more' },
    });
    expect(settleScheduleForm({ ...base, startDay: '2026-02-30' }, base.startDay)).toMatchObject({
      messages: { startDay: 'Choose the first day' },
    });
  });

  it('refuses an end before the start', () => {
    expect(settleScheduleForm({ ...base, end: 'date', endDay: '2026-03-01' }, base.startDay)).toEqual({
      isValid: false,
      messages: { endDay: 'The last day must not be before the first' },
    });
  });
});

describe('the preview', () => {
  it('lists the days from the given day on, not the past ones', () => {
    const result = settle(createScheduleForm('2026-01-15', zone), '2026-03-20');
    expect(days(result.upcoming)).toEqual(['2026-04-15', '2026-05-15', '2026-06-15']);
  });
});

describe('changeStartDay', () => {
  it('moves the weekday and the day of month along while they are the start’s', () => {
    const form = changeStartDay(createScheduleForm('2026-03-02', zone), '2026-03-12');
    expect(form).toMatchObject({ startDay: '2026-03-12', weekDays: [4], monthDay: '12' });
    expect(form.nthWeekday).toEqual({ weekday: 4, nth: 2 });
  });

  it('keeps what the user chose', () => {
    const chosen = { ...createScheduleForm('2026-03-02', zone), weekDays: [1, 3], monthDay: '15' };
    expect(changeStartDay(chosen, '2026-03-12')).toMatchObject({ weekDays: [1, 3], monthDay: '15' });
  });
});

describe('readScheduleForm', () => {
  it('reads a stored schedule back, keeping the skipped days it cannot edit', () => {
    const stored = {
      rule: 'monthly',
      startDate: '2026-01-30T23:00:00.000Z',
      timezone: zone,
      monthDay: 31,
      count: 5,
      excludeDates: ['2026-02-27T23:00:00.000Z'],
    };
    const form = readScheduleForm(stored, '2030-01-01', 'UTC');
    expect(form).toMatchObject({
      rule: 'monthly',
      startDay: '2026-01-31',
      monthDay: '31',
      end: 'count',
      count: '5',
      timezone: zone,
    });
    const result = settle(form);
    expect(result.stored).toEqual(stored);
    // February's occurrence was skipped.
    expect(days(result.upcoming)).toEqual(['2026-01-31', '2026-03-31', '2026-04-30']);
  });

  it('reads revived dates and presets', () => {
    const form = readScheduleForm(
      { preset: 'weekends', startDate: new Date('2026-03-07T00:00:00.000Z') },
      '2030-01-01',
      'UTC',
    );
    expect(form).toMatchObject({ rule: 'weekly', weekDays: [0, 6], startDay: '2026-03-07', timezone: 'UTC' });
  });

  it('starts a new schedule when the stored one cannot be read', () => {
    expect(readScheduleForm({ rule: 'hourly' }, '2026-03-02', zone)).toEqual(
      createScheduleForm('2026-03-02', zone),
    );
  });
});
