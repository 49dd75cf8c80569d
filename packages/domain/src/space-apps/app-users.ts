import { z } from "zod";

/**
 * End users of a space app (docs/space-apps.md, "End users"): accounts scoped to one app,
 * under /live_api/apps/{appId}/auth/. The platform's own sign-up and login are separate;
 * these bodies mirror them so the app's login page can reuse the same form rules.
 */
export const APP_USER_MESSAGES = {
  signupDisabled: "Sign-up is not enabled for this app",
  verifyLinkInvalid: "This verification link is invalid or has expired",
  reservedFields: "These fields cannot be changed through updateMe",
  dataTooLarge: "User data is too large (max 10 KB)",
  adminPreviewProfile: "The admin preview cannot change its profile; edit it in your account settings",
} as const;

/** Custom fields of an app without a User entity: any JSON, within this many bytes. */
export const APP_USER_DATA_MAX_BYTES = 10_000;
/** Verification links live a day, reset links an hour (a reset link is a password). */
export const APP_USER_VERIFY_TTL_MS = 24 * 3600 * 1000;
export const APP_USER_RESET_TTL_MS = 3600 * 1000;

/** Built-in fields of `me()`; updateMe refuses them (except the name) rather than storing lookalikes. */
export const APP_USER_BUILT_IN_FIELDS = [
  "id",
  "email",
  "full_name",
  "name",
  "emailVerified",
  "role",
  "createdAt",
  "updatedAt",
  "appId",
  "password",
  "passwordHash",
] as const;

export const appUserSignupBodySchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
  name: z.string().trim().max(120).optional(),
});

export const appUserLoginBodySchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
});

export const appUserVerifyBodySchema = z.object({ oobCode: z.string().min(1).max(500) });
export const appUserSendResetBodySchema = z.object({ email: z.string().max(320) });
export const appUserResetPasswordBodySchema = z.object({
  oobCode: z.string().min(1).max(500),
  password: z.string().max(1000),
});

/** PUT me: the name (`full_name` or `name`) plus the app's own fields. */
export const appUserUpdateBodySchema = z.record(z.string().max(100), z.unknown());

/** `me()`: the built-in fields plus the custom ones stored for this user. */
export const appUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    createdAt: z.string(),
  })
  .catchall(z.unknown());
export type AppUser = z.infer<typeof appUserSchema>;

export const appUserAuthResponseSchema = z.object({ token: z.string(), user: appUserSchema });
export type AppUserAuthResponse = z.infer<typeof appUserAuthResponseSchema>;

/** The owner's list of an app's users (GET /api/apps/{appId}/users). */
export const appUserSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** Last login or token use, to within a few minutes; null when never seen since tracking began. */
  lastSeenAt: z.string().nullable(),
  disabled: z.boolean(),
});
export const appUserListResponseSchema = z.object({ users: z.array(appUserSummarySchema) });
export type AppUserSummary = z.infer<typeof appUserSummarySchema>;

/** PUT /api/apps/{appId}/users/{userId}/disabled: the builder disables or enables an end user. */
export const appUserDisableBodySchema = z.object({ disabled: z.boolean() });
export type AppUserDisableBody = z.infer<typeof appUserDisableBodySchema>;
