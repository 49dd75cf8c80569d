import { RUN_MESSAGES, readErrorBody } from "@liftoff/domain";
import { formatResetTime } from "./format-reset-time.ts";

/**
 * Why a run could not start or could not be watched, worded for an end user. The run's own
 * failures (model error, timeout) are not problems of this kind: they arrive in the stream
 * and live in the view's error phase.
 */
export type RunProblem = {
  /** The server's code (VALIDATION_FAILED, RATE_LIMITED, PLAN_LIMIT, NOT_FOUND…) or NETWORK / INTERRUPTED. */
  code: string;
  message: string;
  /** 400: one message per field name ('input' for the main input). */
  fieldErrors: Record<string, string>;
  /** 429: when the end user may run the tool again (ISO), and which limit it was. */
  resetsAt: string | null;
  limit: "daily" | "weekly" | null;
};

/** Ours (docs/defaults.md): the spec gives no texts for these. */
export const RUN_PROBLEM_MESSAGES = {
  fieldErrors: "Some answers need a fix: see the highlighted fields.",
  network: "Could not reach the tool. Check your connection and try again.",
  connectionLost: "The connection to this run was lost. Try again in a moment.",
  tryAgainAfter: (time: string) => `Try again after ${time}.`,
} as const;

const KNOWN_MESSAGES: ReadonlySet<string> = new Set(
  Object.values(RUN_MESSAGES as Record<string, unknown>).filter(
    (value): value is string => typeof value === "string",
  ),
);

function problem(code: string, message: string, extra: Partial<RunProblem> = {}): RunProblem {
  return { code, message, fieldErrors: {}, resetsAt: null, limit: null, ...extra };
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * A refusal before the stream started (a JSON error answer) as a RunProblem. `limits` are the
 * app's daily and weekly run limits (PublicToolApp), to say how many runs were used.
 * `kind`: a refused start or a refused re-attach (whose 404 means the run, not the tool).
 */
export function runProblemFromResponse(input: {
  status: number;
  body: unknown;
  kind: "start" | "attach";
  limits?: { daily: number; weekly: number };
  now?: Date;
  /** Pinned by tests; the reader's own by default. */
  timeZone?: string;
  locale?: string;
}): RunProblem {
  const { code, message, details } = readErrorBody(input.status, input.body);
  // The server words its refusals with RUN_MESSAGES: those are kept as they are (a 404 may
  // be the tool or a follow-up's parent run), anything else is replaced by ours.
  const known = (KNOWN_MESSAGES.has(message) ? message : null) as string | null;
  if (code === "VALIDATION_FAILED" || input.status === 400) {
    const fieldErrors = stringRecord(details?.fieldErrors);
    const own = Object.keys(fieldErrors).filter((key) => !FOLLOWUP_KEYS.has(key));
    const followupMessage = fieldErrors.followup ?? fieldErrors.parentRunId;
    return problem(code, own.length > 0 ? RUN_PROBLEM_MESSAGES.fieldErrors : (followupMessage ?? message), {
      fieldErrors,
    });
  }
  if (code === "RATE_LIMITED" || input.status === 429) {
    const limit = details?.reason === "weekly" ? "weekly" : details?.reason === "daily" ? "daily" : null;
    const resetsAt = typeof details?.resetsAt === "string" ? details.resetsAt : null;
    const count =
      typeof details?.limit === "number" && details.limit > 0
        ? details.limit
        : limit && input.limits
          ? input.limits[limit]
          : null;
    const head =
      limit && count
        ? limit === "daily"
          ? RUN_MESSAGES.dailyLimit(count)
          : RUN_MESSAGES.weeklyLimit(count)
        : RUN_MESSAGES.rateLimited;
    const time = resetsAt
      ? formatResetTime(resetsAt, { now: input.now, timeZone: input.timeZone, locale: input.locale })
      : null;
    return problem(code, time ? `${head} ${RUN_PROBLEM_MESSAGES.tryAgainAfter(time)}` : head, {
      resetsAt,
      limit,
    });
  }
  if (code === "PLAN_LIMIT" || input.status === 403) return problem(code, known ?? RUN_MESSAGES.unavailable);
  if (code === "NOT_FOUND" || input.status === 404)
    return problem(
      code,
      known ?? (input.kind === "attach" ? RUN_MESSAGES.runNotFound : RUN_MESSAGES.notFound),
    );
  // No model configured (503), or any other server failure: never the server's technical text.
  if (input.status === 503) return problem(code, known ?? RUN_MESSAGES.noModel);
  if (input.status >= 500) return problem(code, RUN_MESSAGES.interrupted);
  // Other refusals (409: the tool changed since the answer a follow-up continues) are plain words.
  return problem(code, message);
}

/** Per-field messages of a follow-up's own request, not of the form's fields. */
const FOLLOWUP_KEYS: ReadonlySet<string> = new Set(["followup", "parentRunId"]);

/** Whether the problem has messages for the form's fields (the form shows them, by field). */
export function hasFormFieldErrors(problem: RunProblem): boolean {
  return Object.keys(problem.fieldErrors).some((key) => !FOLLOWUP_KEYS.has(key));
}

export function networkProblem(): RunProblem {
  return problem("NETWORK", RUN_PROBLEM_MESSAGES.network);
}

export function connectionLostProblem(): RunProblem {
  return problem("INTERRUPTED", RUN_PROBLEM_MESSAGES.connectionLost);
}
