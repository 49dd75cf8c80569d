import type { UsageRecord, ValidationResult } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  formatRate,
  formatTokens,
  formatUsageCost,
  setupMessageSegments,
  usageBreakdown,
  validationCounts,
  validationSummaryText,
} from "./chat-format.ts";

describe("usage formatting", () => {
  it("keeps fractions of a cent readable and prices as prices", () => {
    expect(formatUsageCost(0)).toBe("$0");
    expect(formatUsageCost(0.00312)).toBe("$0.0031");
    expect(formatUsageCost(0.5)).toBe("$0.5");
    expect(formatUsageCost(0.00001)).toBe("<$0.0001");
    expect(formatUsageCost(12.4)).toBe("$12.40");
    expect(formatRate(0.15)).toBe("$0.15 / 1M");
    expect(formatRate(3)).toBe("$3.00 / 1M");
    expect(formatTokens(1)).toBe("1 token");
    expect(formatTokens(12_345)).toBe("12.3K tokens");
  });

  it("lists prompt and completion always, cache rows only when used", () => {
    const usage = {
      promptTokens: 1000,
      promptCost: 0.00015,
      promptRate: 0.15,
      completionTokens: 200,
      completionCost: 0.00012,
      completionRate: 0.6,
      totalTokens: 1200,
      totalCost: 0.00027,
      cacheReadTokens: 500,
      cacheReadCost: 0.00004,
      cacheReadRate: 0.075,
      cacheWriteTokens: 0,
      cacheWriteCost: 0,
      cacheWriteRate: 0,
      modelInfo: { model: "m" },
      finishReason: "stop",
      timestamp: "2026-11-24T10:00:00.000Z",
    } satisfies UsageRecord;
    expect(usageBreakdown(usage).map((row) => row.label)).toEqual(["Prompt", "Completion", "Cache read"]);
  });
});

describe("validation summary", () => {
  const issue = (message: string) => ({
    message,
    componentName: "Tasks",
    detectorId: "unknown-icon",
    severity: "error" as const,
    line: 3,
    fileId: "pages/Tasks.jsx",
  });
  const result = (initial: number, unresolved: number): ValidationResult => ({
    initialIssues: Array.from({ length: initial }, (_, i) => issue(`issue ${i}`)),
    unresolvedIssues: Array.from({ length: unresolved }, (_, i) => issue(`left ${i}`)),
    detectors: [],
    repairedFiles: [],
    appBundle: { versionId: "v2" },
    previousVersionId: "v1",
    timingBreakdown: { applyingActionsMs: 10, validatingMs: 5, repairingMs: 0 },
  });

  it("says how many issues were found and fixed", () => {
    expect(validationSummaryText(result(0, 0))).toBe("Checked: no issues found");
    expect(validationSummaryText(result(1, 0))).toBe("Checked: 1 issue found, 1 fixed");
    expect(validationSummaryText(result(3, 1))).toBe("Checked: 3 issues found, 2 fixed");
    expect(validationCounts(result(3, 1))).toEqual({ found: 3, fixed: 2, unresolved: 1, warnings: 0 });
  });

  it("counts warnings apart: they are never repaired and are not issues found", () => {
    const warning = {
      ...issue('Duplicate "className" attribute in JSX element'),
      severity: "warning" as const,
    };
    const withWarning: ValidationResult = {
      ...result(1, 0),
      initialIssues: [issue("issue 0"), warning],
      unresolvedIssues: [warning],
    };
    expect(validationCounts(withWarning)).toEqual({ found: 1, fixed: 1, unresolved: 0, warnings: 1 });
    expect(validationSummaryText(withWarning)).toBe("Checked: 1 issue found, 1 fixed, 1 warning");
    const onlyWarning: ValidationResult = {
      ...result(0, 0),
      initialIssues: [warning],
      unresolvedIssues: [warning],
    };
    expect(validationSummaryText(onlyWarning)).toBe("Checked: no issues found, 1 warning");
  });
});

describe("setupMessageSegments", () => {
  it("marks the environment variables to set as code", () => {
    const segments = setupMessageSegments(
      "No AI model is configured on this server. Set AI_PROVIDER, AI_BASE_URL (see .env.example), or choose a model.",
    );
    expect(segments.filter((s) => s.code).map((s) => s.text)).toEqual([
      "AI_PROVIDER",
      "AI_BASE_URL",
      ".env.example",
    ]);
    expect(segments.map((s) => s.text).join("")).toContain("No AI model is configured");
    expect(setupMessageSegments("plain")).toEqual([{ text: "plain", code: false }]);
  });
});
