import { createRunView, emptyCustomField, emptyTool } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  blockLabel,
  blockVerdict,
  formatAnswerValue,
  formatCost,
  formatCredits,
  formatRunCredits,
  formatRunDuration,
  formatTokenSplit,
  formatTokens,
  hasRunningRun,
  NO_ANSWER,
  runAnswers,
  runToolTitle,
} from "./run-history-model.ts";

const tool = {
  ...emptyTool({ toolId: "t1", path: "t1", title: "Trip planner" }),
  inputLabel: "Where to?",
  fields: [
    emptyCustomField({ name: "height", label: "Your height", type: "height" }),
    emptyCustomField({ name: "likes", label: "Likes", type: "multiselect" }),
    emptyCustomField({ name: "note", label: "", type: "text" }),
  ],
  blocks: [{ id: "plan", kind: "markdown" as const, title: "Day plan", instruction: "" }],
};

describe("formatAnswerValue", () => {
  it("writes text, options, measures and empties as the builder reads them", () => {
    expect(formatAnswerValue("Rome")).toBe("Rome");
    expect(formatAnswerValue(["Food", "Art"])).toBe("Food, Art");
    expect(formatAnswerValue({ value: 180, unit: "cm" })).toBe("180 cm");
    expect(formatAnswerValue({ value: 154, unit: "lb" })).toBe("154 lb");
    for (const empty of ["", "  ", [], undefined, null]) expect(formatAnswerValue(empty)).toBe(NO_ANSWER);
    expect(formatAnswerValue({ other: 1 })).toBe('{"other":1}');
  });
});

describe("runAnswers", () => {
  it("labels the input and the fields in the tool's order, then answers of removed fields", () => {
    const answers = runAnswers(
      {
        input: "Rome",
        values: { old: "kept", likes: ["Food", "Art"], height: { value: 180, unit: "cm" }, note: "" },
      },
      tool,
    );
    expect(answers.map(({ label, value }) => [label, value])).toEqual([
      ["Where to?", "Rome"],
      ["Your height", "180 cm"],
      ["Likes", "Food, Art"],
      ["note", NO_ANSWER],
      ["old", "kept"],
    ]);
  });

  it("reads a deleted tool's answers by name and skips an empty input", () => {
    expect(runAnswers({ input: " ", values: { a: "b" } }, null)).toEqual([
      { key: "field:a", label: "a", value: "b" },
    ]);
    expect(runAnswers({ input: "Hi" }, null)).toEqual([{ key: "input", label: "Input", value: "Hi" }]);
    expect(runAnswers({ values: "bogus" }, tool)).toEqual([]);
  });
});

describe("titles and verdicts", () => {
  it("names the run's tool and its blocks", () => {
    expect(runToolTitle([tool], "t1")).toBe("Trip planner");
    expect(runToolTitle([{ toolId: "t2", title: " " }], "t2")).toBe("Untitled tool");
    expect(runToolTitle([tool], "gone")).toBe("Deleted tool");
    expect(blockLabel(tool, "plan")).toBe("Day plan");
    expect(blockLabel(tool, "result")).toBe("Result");
    expect(blockLabel(null, "x")).toBe("x");
  });

  it("reads each block's check from the run state", () => {
    const view = createRunView({
      id: "r",
      appId: "a",
      toolId: "t1",
      blocks: [
        { id: "a", validated: true },
        { id: "b", validated: true },
        { id: "c", validated: true },
        { id: "d", validated: false },
      ],
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    view.state.blocks = { a: "validated", b: "failed", c: "pending" };
    view.state.blockMessages = { b: "Missing the key 'day'" };
    expect(blockVerdict(view, "a")).toEqual({ status: "validated" });
    expect(blockVerdict(view, "b")).toEqual({ status: "failed", message: "Missing the key 'day'" });
    expect(blockVerdict(view, "c")).toEqual({ status: "pending" });
    expect(blockVerdict(view, "d")).toEqual({ status: "unchecked" });
  });
});

describe("numbers", () => {
  it("formats tokens, credits and costs", () => {
    expect(formatTokens(1)).toBe("1 token");
    expect(formatTokens(12_345)).toBe("12,345 tokens");
    expect(formatCredits(1)).toBe("1 credit");
    expect(formatCredits(0)).toBe("0 credits");
    expect(formatRunCredits({ status: "success", creditsCharged: 2 })).toBe("2 credits");
    expect(formatRunCredits({ status: "error", creditsCharged: 1 })).toBe("1 credit refunded");
    expect(formatRunCredits({ status: "error", creditsCharged: 0 })).toBe("0 credits");
    expect(formatTokenSplit({ totalTokens: 1_232, promptTokens: 1_223, completionTokens: 9 })).toBe(
      "1,232 (1,223 in, 9 out)",
    );
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(0.00004)).toBe("< $0.0001");
    expect(formatCost(0.0012)).toBe("$0.0012");
    expect(formatCost(0.5)).toBe("$0.50");
    expect(formatCost(0.123456)).toBe("$0.1235");
    expect(formatCost(3.456)).toBe("$3.46");
  });

  it("formats how long a finished run took and polls only while one runs", () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
    expect(formatRunDuration({ createdAt: at(0), finishedAt: null })).toBeNull();
    expect(formatRunDuration({ createdAt: at(0), finishedAt: at(850) })).toBe("850 ms");
    expect(formatRunDuration({ createdAt: at(0), finishedAt: at(12_400) })).toBe("12.4 s");
    expect(formatRunDuration({ createdAt: at(0), finishedAt: at(125_000) })).toBe("2 min 5 s");
    expect(hasRunningRun([{ status: "success" }, { status: "running" }])).toBe(true);
    expect(hasRunningRun([{ status: "error" }])).toBe(false);
  });
});
