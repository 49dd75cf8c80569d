import { z } from "zod";

/**
 * The App settings of a space app (spec section 2 "App settings", the space-app subset),
 * stored in apps.data. Sign-up rules (spec section 5): it can be switched on only once the
 * app is published or has a custom domain, and then the legal links and the support
 * address are required.
 */
export const SIGNUP_NEEDS_PUBLISH_MESSAGE =
  "For user signup, you have to publish the app and set custom domain";

export const SIGNUP_REQUIRED_MESSAGES = {
  termsOfServiceLink: "Terms of service link is required when user sign-up is on",
  privacyPolicyLink: "Privacy policy link is required when user sign-up is on",
  supportEmail: "Support e-mail is required when user sign-up is on",
} as const;

export const spaceAppSettingsSchema = z.object({
  mainPage: z.string().nullable(),
  isSignupEnabled: z.boolean(),
  termsOfServiceLink: z.string(),
  privacyPolicyLink: z.string(),
  supportEmail: z.string(),
  isAppTemplate: z.boolean(),
  isClaimable: z.boolean(),
});
export type SpaceAppSettings = z.infer<typeof spaceAppSettingsSchema>;

export const DEFAULT_SPACE_APP_SETTINGS: SpaceAppSettings = {
  mainPage: null,
  isSignupEnabled: false,
  termsOfServiceLink: "",
  privacyPolicyLink: "",
  supportEmail: "",
  isAppTemplate: false,
  isClaimable: false,
};

/** An http(s) URL, or empty to clear the field. */
const linkSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} can be at most 2000 characters`)
    .refine(
      (value) => value === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value),
      `${label} must be a valid URL`,
    );

/** POST /api/apps/{appId}/settings: only the fields given change. */
export const updateSpaceAppSettingsBodySchema = z.object({
  appSettings: z
    .object({
      mainPage: z.string().max(100).nullable(),
      isSignupEnabled: z.boolean(),
      termsOfServiceLink: linkSchema("Terms of service link"),
      privacyPolicyLink: linkSchema("Privacy policy link"),
      supportEmail: z
        .string()
        .trim()
        .max(254)
        .refine(
          (value) => value === "" || z.email().safeParse(value).success,
          "Enter a valid e-mail address",
        ),
      isAppTemplate: z.boolean(),
      isClaimable: z.boolean(),
    })
    .partial()
    .strict(),
});
export type UpdateSpaceAppSettingsBody = z.infer<typeof updateSpaceAppSettingsBodySchema>;

/** GET/POST settings answer: the settings and what the panel needs to enable its controls. */
export const spaceAppSettingsResponseSchema = z.object({
  appSettings: spaceAppSettingsSchema,
  pages: z.array(z.string()),
  canEnableSignup: z.boolean(),
});
export type SpaceAppSettingsResponse = z.infer<typeof spaceAppSettingsResponseSchema>;
