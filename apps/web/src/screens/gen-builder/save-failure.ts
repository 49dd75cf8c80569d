import { AppError, type FieldMessages, GENERATED_APP_MESSAGES, type UpgradeReason } from "@liftoff/domain";

export type SaveFailure = {
  /** The banner under the header: the spec's text, or the first rule that refused the save. */
  message: string;
  /** Messages by saved-app path ("tools.0.path"), shown next to their controls. */
  errors: FieldMessages;
  /** The plan gate that refused it, for the upgrade dialog. */
  upgradeReason: UpgradeReason | null;
  /** Saved elsewhere meanwhile (409): only a reload brings the builder up to date. */
  needsReload: boolean;
};

/**
 * What a failed save tells the builder. A refusal by the rules (400 with details.fields)
 * names each field and keeps the edits, to be fixed and saved again; anything else (network,
 * server) is the spec's 'Failed saving app, your changes might be lost…' (section 8). A
 * save over a version saved elsewhere (409) asks for a reload.
 */
export function describeSaveFailure(error: unknown): SaveFailure {
  if (error instanceof AppError && error.status === 400 && error.code === "VALIDATION_FAILED") {
    const details = error.details ?? {};
    const fields = Array.isArray(details.fields) ? details.fields : [];
    const errors: FieldMessages = {};
    for (const entry of fields) {
      const { path, message } = (entry ?? {}) as { path?: unknown; message?: unknown };
      if (typeof path === "string" && typeof message === "string") errors[path] ??= message;
    }
    const reason = typeof details.reason === "string" ? (details.reason as UpgradeReason) : null;
    return { message: `Not saved: ${error.message}`, errors, upgradeReason: reason, needsReload: false };
  }
  if (error instanceof AppError && error.status === 409)
    return { message: error.message, errors: {}, upgradeReason: null, needsReload: true };
  return { message: GENERATED_APP_MESSAGES.saveFailed, errors: {}, upgradeReason: null, needsReload: false };
}

/** The messages under `prefix` ("tools.2."), keyed by the rest of their path. */
export function messagesUnder(messages: FieldMessages, prefix: string): FieldMessages {
  const out: FieldMessages = {};
  for (const [path, message] of Object.entries(messages))
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  return out;
}
