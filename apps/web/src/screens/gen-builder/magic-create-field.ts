import {
  AppError,
  type CustomField,
  customFieldSchema,
  fieldNameError,
  GENERATED_APP_MESSAGES,
  type MagicCreateBody,
  type Tool,
  upgradeCustomField,
} from "@liftoff/domain";
import { api, NETWORK_ERROR_MESSAGE } from "../../lib/api.ts";

export type MagicCreateFieldResult = { ok: true; field: CustomField } | { ok: false; message: string };

/** Sends the request and answers the parsed JSON; throws when it fails. */
export type MagicCreateSend = (body: MagicCreateBody) => Promise<unknown>;

const sendToServer: MagicCreateSend = (body) => api.post("/api/builder/magicCreate", body);

/**
 * The message for a failed request. The server's own refusal says more than the generic
 * text and is kept: its 422s are the spec's 'Failed creating the field' and 'Magic edit
 * failed, try again using a different field name', and 'No AI model is configured…' or a
 * rate limit tell the builder what to do. No answer at all, or a crash, is 'Magic edit failed'.
 */
export function magicRequestFailure(error: unknown): string {
  if (!(error instanceof AppError) || error.code === "INTERNAL" || error.message === NETWORK_ERROR_MESSAGE)
    return GENERATED_APP_MESSAGES.magicEditFailed;
  return error.message || GENERATED_APP_MESSAGES.magicEditFailed;
}

/** The model may answer the field as an object or as JSON text of one. */
function readResult(answer: unknown): Record<string, unknown> | null {
  let result =
    answer !== null && typeof answer === "object" ? (answer as { result?: unknown }).result : undefined;
  if (typeof result === "string") {
    try {
      result = JSON.parse(result);
    } catch {
      return null;
    }
  }
  return result !== null && typeof result === "object" && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : null;
}

/**
 * One custom field written by the AI from a sentence, checked before the builder sees it
 * (spec sections 5 and 8): 'Magic edit failed' when the request fails (or the server's
 * reason, see magicRequestFailure), 'Failed creating
 * the field' when the answer is not a usable field, and 'Magic edit failed, try again
 * using a different field name' when it has no name or its name is taken (or 'input').
 * The answer goes through upgradeCustomField first, so a model's loose spelling
 * ("textarea", options as plain texts) still makes a field, then through the contract.
 */
export async function magicCreateField(input: {
  /** Lets the server pick the field types the app owner's plan allows. */
  appId: string;
  sentence: string;
  tool: Pick<Tool, "gptPrompt" | "fields" | "inputSteps">;
  send?: MagicCreateSend;
}): Promise<MagicCreateFieldResult> {
  const send = input.send ?? sendToServer;
  let answer: unknown;
  try {
    answer = await send({
      input: input.sentence.trim(),
      magicType: "field",
      prompt: input.tool.gptPrompt,
      appId: input.appId,
    });
  } catch (error) {
    return { ok: false, message: magicRequestFailure(error) };
  }
  const raw = readResult(answer);
  if (!raw) return { ok: false, message: GENERATED_APP_MESSAGES.magicFieldFailed };
  if (typeof raw.name !== "string" || raw.name.trim() === "")
    return { ok: false, message: GENERATED_APP_MESSAGES.magicFieldNoName };
  const { field } = upgradeCustomField(raw, {
    index: input.tool.fields.length,
    stepIds: new Set(input.tool.inputSteps.map((step) => step.id)),
  });
  const otherNames = input.tool.fields.map((f) => f.name);
  if (fieldNameError(field.name, otherNames))
    return { ok: false, message: GENERATED_APP_MESSAGES.magicFieldNoName };
  const parsed = customFieldSchema.safeParse(field);
  if (!parsed.success) return { ok: false, message: GENERATED_APP_MESSAGES.magicFieldFailed };
  return { ok: true, field: parsed.data };
}
