import { z } from "zod";

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signUpBodySchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
  name: z.string().trim().max(120).optional(),
  continueUrl: z.string().max(2000).optional(),
  appName: z.string().max(200).optional(),
});

export const loginBodySchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
});

/** The bearer token is also kept by the web client in a cookie and refreshed every 50 min. */
export const sessionResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: sessionUserSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const SOCIAL_PROVIDERS = ["google", "github"] as const;
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

export const providersResponseSchema = z.object({ providers: z.array(socialProviderSchema) });
