import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type ConnectorProvider, connectorProviderSchema } from "@liftoff/domain";
import { z } from "zod";
import { deriveKey } from "../../auth/derive-key.ts";

/** How long a builder has to finish the provider's consent screen. */
export const CONNECT_STATE_TTL_MS = 10 * 60 * 1000;

const keyOf = (secret: string) => deriveKey(secret, "connector-state/v1");

const payloadSchema = z.object({
  u: z.string(),
  p: connectorProviderSchema,
  a: z.string(),
  e: z.number(),
  n: z.string(),
});

export type ConnectState = { userId: string; provider: ConnectorProvider; appId: string };

/**
 * The OAuth `state` of a connect: who started it, for which provider and app, until when,
 * HMAC-signed under a key of its own (HKDF of the auth secret). The callback accepts it
 * only for the same signed-in user and provider before it expires, so a code obtained in
 * someone else's flow cannot be attached to a builder's account (login CSRF), and a state
 * cannot be forged or replayed after its ten minutes.
 */
export function signConnectState(secret: string, state: ConnectState, now: number = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({
      u: state.userId,
      p: state.provider,
      a: state.appId,
      e: now + CONNECT_STATE_TTL_MS,
      n: randomBytes(9).toString("base64url"),
    }),
  ).toString("base64url");
  return `${payload}.${createHmac("sha256", keyOf(secret)).update(payload).digest("base64url")}`;
}

/** The state's contents when it is genuine and unexpired; null otherwise (never throws). */
export function verifyConnectState(
  secret: string,
  value: string | undefined,
  now: number = Date.now(),
): ConnectState | null {
  if (!value || value.length > 1_000) return null;
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(createHmac("sha256", keyOf(secret)).update(payload).digest("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    return null;
  }
  if (parsed.e <= now) return null;
  return { userId: parsed.u, provider: parsed.p, appId: parsed.a };
}
