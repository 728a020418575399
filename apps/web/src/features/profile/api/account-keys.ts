/** Cache keys of the account's plan usage and sign-in sessions, defined once, under ['account']. */
export const accountKeys = {
  all: ['account'] as const,
  usage: () => [...accountKeys.all, 'usage'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};
