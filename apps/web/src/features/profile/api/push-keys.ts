/** Cache keys of this device's push settings, defined once. */
export const pushKeys = {
  all: ['push'] as const,
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  subscriptions: () => [...pushKeys.all, 'subscriptions'] as const,
};
