import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common';
import { planSchema } from './users';

/** A user as an administrator sees them: never a password hash or a token. */
export const adminUserSchema = z.object({
  id: idSchema,
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  plan: planSchema,
  verifiedAt: instantSchema.nullable(),
  /** Set while the account is disabled: it cannot sign in and its tokens no longer work. */
  disabledAt: instantSchema.nullable(),
  createdAt: instantSchema,
  /** Bytes of attachment files the user keeps. */
  storageBytes: z.number().int().min(0),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.strictObject({
  /** Part of a username or an e-mail address, any case. */
  search: textSchema().max(200).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  /** Pass as cursor for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  total: z.number().int().min(0),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PATCH /api/v1/admin/users/{id}: any of the three, at least one. */
export const updateAdminUserBodySchema = z
  .strictObject({
    plan: planSchema,
    isAdmin: z.boolean(),
    isDisabled: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send plan, isAdmin or isDisabled');
export type UpdateAdminUserBody = z.infer<typeof updateAdminUserBodySchema>;

/** One error the web app reported (a summary of a Sentry event). */
export const clientErrorReportSchema = z.object({
  id: idSchema,
  receivedAt: instantSchema,
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  release: z.string().nullable(),
  browser: z.string().nullable(),
  userId: idSchema.nullable(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorReportsQuerySchema = z.strictObject({
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const clientErrorReportPageSchema = z.object({
  items: z.array(clientErrorReportSchema),
  nextCursor: z.string().nullable(),
});
export type ClientErrorReportPage = z.infer<typeof clientErrorReportPageSchema>;
