// In a module of their own: the routes' loaders prefetch these listings, and importing them from the
// pages would pull the pages' code into the first download of every screen.

/** Most recently deleted first, as in a file manager's bin. */
export const trashListParams = { isDeleted: 'true', sort: 'deletedAt', order: 'desc' } as const;

/** Most recently archived first. */
export const archiveListParams = { view: 'archived', sort: 'archivedAt', order: 'desc' } as const;
