import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from './auth';
import { idSchema, instantSchema, textSchema, timeZoneSchema } from './common';
import { pushSubscriptionsSchema } from './push';

export const planSchema = z.enum(['free', 'premium']);
export type Plan = z.infer<typeof planSchema>;

export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Must be an ISO 4217 currency code');

/** The profile as the owner sees it: never the password hash or any token. */
export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  plan: planSchema,
  currency: z.string(),
  timezone: z.string(),
  verifiedAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type User = z.infer<typeof userSchema>;

export const updateUserBodySchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    currency: currencyCodeSchema,
    timezone: timeZoneSchema,
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: textSchema().min(1, 'Current password is required').max(100),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteUserBodySchema = z.strictObject({
  password: textSchema().min(1, 'Password is required').max(100),
});
export type DeleteUserBody = z.infer<typeof deleteUserBodySchema>;

/** One signed-in device of the user (GET /api/v1/users/me/sessions). */
export const userSessionSchema = z.object({
  id: idSchema,
  userAgent: z.string().nullable(),
  createdAt: instantSchema,
  lastUsedAt: instantSchema,
  /** The session the request came from. */
  isCurrent: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const userSessionListSchema = z.object({ items: z.array(userSessionSchema) });
export type UserSessionList = z.infer<typeof userSessionListSchema>;

/**
 * GET /api/v1/users/me/devices: the account's devices in one read, each list as its own endpoint
 * answers it (GET /users/me/sessions, GET /push/subscriptions).
 */
export const userDevicesSchema = z.object({
  sessions: userSessionListSchema,
  pushSubscriptions: pushSubscriptionsSchema,
});
export type UserDevices = z.infer<typeof userDevicesSchema>;
