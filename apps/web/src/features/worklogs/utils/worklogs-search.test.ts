import { describe, expect, it } from 'vitest';
import {
  hasWorklogFilters,
  readWeekSearch,
  readWorklogListSearch,
  worklogFiltersOf,
} from './worklogs-search';

const ID = '0190A5C4-3333-7000-8000-000000000001';

describe('readWeekSearch', () => {
  it('names a week by its Monday, whichever day the URL has', () => {
    expect(readWeekSearch({ week: '2026-11-19' })).toEqual({ week: '2026-11-16' });
    expect(readWeekSearch({ week: '2026-11-16' })).toEqual({ week: '2026-11-16' });
  });

  it('drops what is not a day', () => {
    expect(readWeekSearch({ week: '2026-02-30' })).toEqual({});
    expect(readWeekSearch({ week: 20261116 })).toEqual({});
  });
});

describe('readWorklogListSearch', () => {
  it('keeps valid filters, ids lower-cased and text trimmed', () => {
    expect(
      readWorklogListSearch({
        tab: 'reports',
        projectId: ID,
        categoryId: 'nope',
        client: '  Acme ',
        from: '2026-11-01',
        to: '2026-11-30',
        q: ' review ',
      }),
    ).toEqual({
      tab: 'reports',
      projectId: ID.toLowerCase(),
      client: 'Acme',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'review',
    });
  });

  it('leaves the entries tab and empty text out, and drops an end before the start', () => {
    expect(readWorklogListSearch({ tab: 'entries', q: '   ', from: '2026-11-10', to: '2026-11-01' })).toEqual(
      {
        from: '2026-11-10',
      },
    );
  });

  it('tells the table filters from the tab', () => {
    const search = readWorklogListSearch({ tab: 'reports' });
    expect(hasWorklogFilters(worklogFiltersOf(search))).toBe(false);
    expect(hasWorklogFilters(worklogFiltersOf(readWorklogListSearch({ q: 'x' })))).toBe(true);
  });
});
