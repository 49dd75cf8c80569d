import { describeAiError, generateMagicField } from "@liftoff/ai";
import {
  AppError,
  type CustomField,
  GENERATED_APP_MESSAGES,
  isAppError,
  type MagicCreateBody,
} from "@liftoff/domain";
import type { Deps, SessionInfo } from "../../http/app-env.ts";
import { takeRateLimit } from "../../http/rate-limit.ts";
import { log } from "../../log.ts";
import { findManagedApp } from "../space-apps/find-managed-app.ts";
import { readBuilderAccount } from "./read-builder-account.ts";

/** One field is a short answer; past this the builder is better off trying again. */
const MAGIC_TIMEOUT_MS = 45_000;
/** Per builder: enough for a form's worth of fields in a row, not for a loop. */
export const MAGIC_CREATE_RATE = { limit: 30, windowMs: 10 * 60_000 };

/**
 * Magic create of a custom field (spec sections 7 and 8). Without a model: the platform's
 * 503 "No AI model is configured…". The model's answer without a usable name: 422 'Magic
 * edit failed, try again using a different field name'; an answer that is no field: 422
 * 'Failed creating the field'; the provider failing: 503 'Magic edit failed' with
 * details.reason (rate_limited, provider_error, unreachable, aborted). With `appId` the
 * app must be one the caller manages, and its owner's plan decides the field types.
 */
export async function magicCreateField(options: {
  deps: Pick<Deps, "db" | "config" | "ai">;
  session: SessionInfo;
  body: MagicCreateBody;
}): Promise<CustomField> {
  const { deps, session, body } = options;
  const account = await readBuilderAccount(deps, session);
  const plan = body.appId ? (await findManagedApp(deps, session, body.appId)).ownerPlan : account.plan;
  // A server without a model says so before the builder's allowance is touched.
  const { config, model } = deps.ai.require();
  takeRateLimit(
    `magic-create:${session.user.id}`,
    MAGIC_CREATE_RATE,
    "Too many magic edits. Try again in a few minutes.",
  );
  let outcome: Awaited<ReturnType<typeof generateMagicField>>;
  try {
    outcome = await generateMagicField(
      { model, maxRetries: config.maxRetries, abortSignal: AbortSignal.timeout(MAGIC_TIMEOUT_MS) },
      {
        description: body.input,
        instructions: body.prompt,
        viewer: { plan, isAdmin: account.isAdmin },
      },
    );
  } catch (error) {
    if (isAppError(error)) throw error;
    const failure = describeAiError(error);
    log.warn("AI call failed: magic create", {
      kind: failure.kind,
      status: failure.status,
      detail: failure.detail,
    });
    if (failure.kind === "invalid_output")
      throw new AppError("UNPROCESSABLE", GENERATED_APP_MESSAGES.magicFieldFailed, { reason: failure.kind });
    throw new AppError("SERVICE_UNAVAILABLE", GENERATED_APP_MESSAGES.magicEditFailed, {
      reason: failure.kind,
      ...(failure.status ? { providerStatus: failure.status } : {}),
    });
  }
  if (outcome.ok) return outcome.field;
  throw new AppError(
    "UNPROCESSABLE",
    outcome.reason === "no_name"
      ? GENERATED_APP_MESSAGES.magicFieldNoName
      : GENERATED_APP_MESSAGES.magicFieldFailed,
    { reason: outcome.reason },
  );
}
