import { describe, expect, it } from 'vitest';
import { readAdminSearch } from './admin-search';

describe('readAdminSearch', () => {
  it('keeps a known tab and a trimmed search', () => {
    expect(readAdminSearch({ tab: 'errors', search: '  alice ' })).toEqual({
      tab: 'errors',
      search: 'alice',
    });
    expect(readAdminSearch({ tab: 'jobs' })).toEqual({ tab: 'jobs' });
    expect(readAdminSearch({ tab: 'rates' })).toEqual({ tab: 'rates' });
  });

  it('leaves the users tab, the default, out of the address', () => {
    expect(readAdminSearch({ tab: 'users' })).toEqual({});
  });

  it('names both keys, so an invalid value in the address is overridden rather than kept', () => {
    const result = readAdminSearch({ tab: 'billing', search: '' });
    expect(Object.keys(result).sort()).toEqual(['search', 'tab']);
    expect({ tab: 'billing', search: '', ...result }).toEqual({ tab: undefined, search: undefined });
  });

  it('drops an unknown tab and a search that is empty, too long or not text', () => {
    expect(readAdminSearch({ tab: 'billing', search: '   ' })).toEqual({});
    expect(readAdminSearch({ search: 'x'.repeat(201) })).toEqual({});
    expect(readAdminSearch({ search: 42, tab: ['jobs'] })).toEqual({});
  });
});
