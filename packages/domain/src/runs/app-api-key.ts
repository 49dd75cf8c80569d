import { z } from "zod";
import { runViewSchema } from "./run-view.ts";

/** Every app API key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const APP_API_KEY_PREFIX = "lft_";
/** At most this many keys (active or revoked) per app (docs/defaults.md). */
export const APP_API_KEYS_PER_APP = 20;
export const APP_API_KEY_NAME_MAX = 60;

/** What an API caller or a builder reads when a key is refused or cannot be made. */
export const APP_API_KEY_MESSAGES = {
  missing: "Send your app API key as Authorization: Bearer lft_…",
  invalid: "This API key is not valid for this app. It may have been revoked.",
  limit: `An app can have at most ${APP_API_KEYS_PER_APP} active API keys. Revoke one you no longer use.`,
  notFound: "API key not found",
  nameRequired: "Give the key a name",
  nameTooLong: `The name can be at most ${APP_API_KEY_NAME_MAX} characters`,
} as const;

/** One key as the builder's settings list it: never the secret, only its hint. */
export const appApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The prefix and the last four characters ("lft_…Ab3x"), to tell keys apart. */
  displayHint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type AppApiKey = z.infer<typeof appApiKeySchema>;

export const appApiKeyListSchema = z.object({ keys: z.array(appApiKeySchema) });
export type AppApiKeyList = z.infer<typeof appApiKeyListSchema>;

export const createAppApiKeyBodySchema = z.object({
  name: z
    .string({ error: APP_API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, APP_API_KEY_MESSAGES.nameRequired)
    .max(APP_API_KEY_NAME_MAX, APP_API_KEY_MESSAGES.nameTooLong),
});
export type CreateAppApiKeyBody = z.infer<typeof createAppApiKeyBodySchema>;

/** The answer to creating a key: the only time its secret is ever shown. */
export const createdAppApiKeySchema = z.object({ key: appApiKeySchema, secret: z.string() });
export type CreatedAppApiKey = z.infer<typeof createdAppApiKeySchema>;

/**
 * A finished run as the Run API answers it in JSON: the same public view the live stream
 * folds (blocks with their text, verdicts, suggestions; never the prompt or the blocks'
 * instructions), its outcome, the tokens it used and the credits it cost the app's owner.
 */
export const runApiResultSchema = z.object({
  status: z.enum(["running", "success", "error"]),
  run: runViewSchema,
  usage: z
    .object({
      promptTokens: z.number().int(),
      completionTokens: z.number().int(),
      totalTokens: z.number().int(),
    })
    .nullable(),
  creditsCharged: z.number().int(),
});
export type RunApiResult = z.infer<typeof runApiResultSchema>;
