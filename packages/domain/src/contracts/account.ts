import { z } from "zod";
import { planIdSchema } from "../plans/plan-ids.ts";

export const ACCOUNT_TYPES = ["builder", "user"] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);

export const appPackageSchema = z.object({ appId: z.string(), sharedAppId: z.string() });
export type AppPackage = z.infer<typeof appPackageSchema>;

/** GET /api/account/current — every Account field of spec section 3. */
export const accountSchema = z.object({
  accountId: z.string(),
  accountType: accountTypeSchema,
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  plan: planIdSchema.nullable(),
  subscriptionId: z.string().nullable(),
  planSubscriptionStatus: z.string().nullable(),
  planSubscriptionCancelledAt: z.string().nullable(),
  appId: z.string().nullable(),
  appHeader: z.string().nullable(),
  hasBusinessInfo: z.boolean(),
  hasPaidAppPackage: z.boolean(),
  isAdmin: z.boolean(),
  appRunsUsed: z.number().int(),
  appRunsTotal: z.number().int(),
  appGenerationsUsed: z.number().int(),
  appGenerationsTotal: z.number().int(),
  dataProcessingUsed: z.number().int(),
  dataProcessingTotal: z.number().int(),
  appsCount: z.number().int(),
  maxApps: z.number().int(),
  maxGenApps: z.number().int(),
  maxSpaceApps: z.number().int(),
  /** Addition: apps of each limited kind owned, so per-kind meters (New app dialog) need no extra call. */
  genAppsCount: z.number().int(),
  spaceAppsCount: z.number().int(),
  maxToolsPerApp: z.number().int(),
  myAppIds: z.array(z.string()),
  featureFlags: z.record(z.string(), z.boolean()),
  builderChatMessagesUsed: z.number().int(),
  builderChatMessagesTotal: z.number().int(),
  appPackages: z.array(appPackageSchema),
  subscriptionPaymentsIds: z.array(z.string()),
});
export type Account = z.infer<typeof accountSchema>;

export const createAccountBodySchema = z.object({ saleId: z.string().max(200).optional() });
export const createAccountResponseSchema = z.object({ accountId: z.string() });

export const sendResetPasswordEmailBodySchema = z.object({
  email: z.string().max(320),
  mainAppId: z.string().max(200).optional(),
  continueUrl: z.string().max(2000).optional(),
});

export const resetPasswordBodySchema = z.object({
  oobCode: z.string().min(1).max(500),
  newPassword: z.string().max(1000),
});

export const verifyEmailBodySchema = z.object({ oobCode: z.string().min(1).max(2000) });
export const sendVerificationEmailBodySchema = z.object({
  continueUrl: z.string().max(2000).optional(),
  appName: z.string().max(200).optional(),
});

/** E-mail change re-checks the current password (spec section 5). */
export const completeEmailChangeBodySchema = z.object({
  newEmail: z.string().max(320),
  password: z.string().max(1000),
});

/**
 * The answer to an e-mail change request: the sign-in address stays `email` until the
 * link sent to `pendingEmail` is opened (then POST confirmEmailChange).
 */
export const emailChangeResponseSchema = z.object({
  email: z.string(),
  pendingEmail: z.string().nullable(),
});
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;

export const confirmEmailChangeBodySchema = z.object({ oobCode: z.string().min(1).max(500) });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().max(1000),
  newPassword: z.string().max(1000),
});

export const updateProfileBodySchema = z.object({ name: z.string().trim().min(1).max(120) });

export const okSchema = z.object({ ok: z.literal(true) });
