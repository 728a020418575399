// Every table of the app, for Drizzle's query builder and for generating migrations.
export * from '../modules/attachments/attachments.table';
export * from '../modules/auth/auth.table';
export * from '../modules/client-errors/client-errors.table';
export * from '../modules/columns/columns.table';
export * from '../modules/currencies/currencies.table';
export * from '../modules/jobs/jobs.table';
export * from '../modules/lists/lists.table';
export * from '../modules/money/money.table';
export * from '../modules/notes/notes.table';
export * from '../modules/push/push.table';
export * from '../modules/task-manager-config/task-manager-config.table';
export * from '../modules/tasks/checklist-items.table';
export * from '../modules/tasks/tasks.table';
export * from '../modules/trackers/trackers.table';
export * from '../modules/users/users.table';
export * from '../modules/worklogs/worklogs.table';
