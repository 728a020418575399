// Route search is validated on every page, the login page included, so these are plain checks rather
// than the contract's schemas, which would bring their library there.

export const adminTabs = ['users', 'errors', 'jobs', 'rates'] as const;
export type AdminTab = (typeof adminTabs)[number];

export const adminTabLabels: Record<AdminTab, string> = {
  users: 'Users',
  errors: 'Error reports',
  jobs: 'Jobs',
  rates: 'Currency rates',
};

/** The contract's limit on the users search (adminUsersQuerySchema). */
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** /admin: the tab (left out for the users) and the users search. */
export interface AdminSearch {
  tab?: Exclude<AdminTab, 'users'>;
  search?: string;
}

function isAdminTab(value: unknown): value is AdminTab {
  return adminTabs.some((tab) => tab === value);
}

/**
 * An invalid value is left out, so an old bookmark still opens. Both keys are always there (undefined
 * when left out): the router lays the result over the raw search, so a missing key would let an
 * invalid value through.
 */
export function readAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = isAdminTab(search.tab) && search.tab !== 'users' ? search.tab : undefined;
  const text = typeof search.search === 'string' ? search.search.trim() : '';
  const isSearchValid = text.length > 0 && text.length <= ADMIN_SEARCH_MAX_LENGTH;
  return { tab, search: isSearchValid ? text : undefined };
}
