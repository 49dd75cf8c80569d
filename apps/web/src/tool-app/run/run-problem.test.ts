import { RUN_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { formatResetTime } from "./format-reset-time.ts";
import {
  connectionLostProblem,
  hasFormFieldErrors,
  networkProblem,
  RUN_PROBLEM_MESSAGES,
  runProblemFromResponse,
} from "./run-problem.ts";

const now = new Date("2026-11-28T10:00:00.000Z");
const error = (code: string, message: string, details?: unknown) => ({ error: { code, message, details } });

describe("runProblemFromResponse", () => {
  it("400 carries the per-field messages", () => {
    const problem = runProblemFromResponse({
      status: 400,
      body: error("VALIDATION_FAILED", "Invalid input", {
        fieldErrors: { email: "Enter a valid e-mail address", n: 3 },
      }),
      kind: "start",
    });
    expect(problem).toMatchObject({
      code: "VALIDATION_FAILED",
      message: RUN_PROBLEM_MESSAGES.fieldErrors,
      fieldErrors: { email: "Enter a valid e-mail address" },
    });
  });

  it("429 says which limit, how many runs and when it resets", () => {
    const problem = runProblemFromResponse({
      status: 429,
      body: error("RATE_LIMITED", "Too many runs", { reason: "daily", resetsAt: "2026-11-28T14:00:00.000Z" }),
      kind: "start",
      limits: { daily: 5, weekly: 20 },
      now,
      timeZone: "UTC",
      locale: "en-GB",
    });
    expect(problem.message).toBe(`${RUN_MESSAGES.dailyLimit(5)} Try again after 14:00.`);
    expect(problem).toMatchObject({ limit: "daily", resetsAt: "2026-11-28T14:00:00.000Z" });
    const weekly = runProblemFromResponse({
      status: 429,
      body: error("RATE_LIMITED", "Too many runs", {
        reason: "weekly",
        resetsAt: "2026-11-30T00:00:00.000Z",
      }),
      kind: "start",
      limits: { daily: 5, weekly: 1 },
      now,
      timeZone: "UTC",
      locale: "en-GB",
    });
    expect(weekly.message).toBe(`${RUN_MESSAGES.weeklyLimit(1)} Try again after Mon 00:00.`);
    const bare = runProblemFromResponse({ status: 429, body: undefined, kind: "start" });
    expect(bare.message).toBe(RUN_MESSAGES.rateLimited);
  });

  it("403, 404 and 5xx read as plain messages, never the server's technical text", () => {
    expect(
      runProblemFromResponse({ status: 403, body: error("PLAN_LIMIT", "x"), kind: "start" }).message,
    ).toBe(RUN_MESSAGES.unavailable);
    expect(
      runProblemFromResponse({ status: 404, body: error("NOT_FOUND", "x"), kind: "start" }).message,
    ).toBe(RUN_MESSAGES.notFound);
    expect(
      runProblemFromResponse({ status: 404, body: error("NOT_FOUND", "x"), kind: "attach" }).message,
    ).toBe(RUN_MESSAGES.runNotFound);
    expect(
      runProblemFromResponse({ status: 502, body: "<html>Bad gateway</html>", kind: "start" }).message,
    ).toBe(RUN_MESSAGES.interrupted);
  });

  it("network and lost connections have their own messages", () => {
    expect(networkProblem().message).toBe(RUN_PROBLEM_MESSAGES.network);
    expect(connectionLostProblem().code).toBe("INTERRUPTED");
  });
});

describe("formatResetTime", () => {
  it("shows the time today, the weekday within a week, else the date", () => {
    expect(formatResetTime("2026-11-28T14:00:00.000Z", { now, timeZone: "UTC", locale: "en-GB" })).toBe(
      "14:00",
    );
    expect(formatResetTime("2026-11-30T09:30:00.000Z", { now, timeZone: "UTC", locale: "en-GB" })).toBe(
      "Mon 09:30",
    );
    expect(formatResetTime("2026-12-20T09:30:00.000Z", { now, timeZone: "UTC", locale: "en-GB" })).toBe(
      "20 Dec 09:30",
    );
    expect(formatResetTime("not a date", { now })).toBeNull();
  });
});

describe("runProblemFromResponse (the server's refusals)", () => {
  it("takes the limit from the answer, and keeps the server's RUN_MESSAGES wording", () => {
    const limited = runProblemFromResponse({
      status: 429,
      body: error("RATE_LIMITED", RUN_MESSAGES.weeklyLimit(7), { reason: "weekly", limit: 7, resetsAt: "x" }),
      kind: "start",
      limits: { daily: 1, weekly: 1 },
    });
    expect(limited.message).toBe(RUN_MESSAGES.weeklyLimit(7));
    expect(
      runProblemFromResponse({
        status: 404,
        body: error("NOT_FOUND", RUN_MESSAGES.runNotFound),
        kind: "start",
      }).message,
    ).toBe(RUN_MESSAGES.runNotFound);
    expect(
      runProblemFromResponse({
        status: 503,
        body: error("SERVICE_UNAVAILABLE", "AI not configured"),
        kind: "start",
      }).message,
    ).toBe(RUN_MESSAGES.noModel);
    expect(
      runProblemFromResponse({
        status: 409,
        body: error("CONFLICT", "This tool has changed."),
        kind: "start",
      }).message,
    ).toBe("This tool has changed.");
  });

  it("a follow-up's own field message is the problem's message, not the form's", () => {
    const problem = runProblemFromResponse({
      status: 400,
      body: error("VALIDATION_FAILED", "Write a follow-up", {
        fieldErrors: { followup: "Write a follow-up" },
      }),
      kind: "start",
    });
    expect(problem.message).toBe("Write a follow-up");
    expect(hasFormFieldErrors(problem)).toBe(false);
    const form = runProblemFromResponse({
      status: 400,
      body: error("VALIDATION_FAILED", "Check your answers", { fieldErrors: { email: "Bad" } }),
      kind: "start",
    });
    expect(hasFormFieldErrors(form)).toBe(true);
  });
});
