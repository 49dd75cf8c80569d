import { AppError, GENERATED_APP_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { describeSaveFailure, messagesUnder } from "./save-failure.ts";

describe("describeSaveFailure", () => {
  it("names each refused field and the plan gate of a 400", () => {
    const error = new AppError("VALIDATION_FAILED", "Your tool should have a header before it is activated", {
      fields: [
        { path: "tools.0.status", message: "Your tool should have a header before it is activated" },
        { path: "tools.0.status", message: "a second message for the same path is dropped" },
        { path: 3, message: "not a path" },
      ],
      reason: "activated_tools_per_app_limit",
    });
    expect(describeSaveFailure(error)).toEqual({
      message: "Not saved: Your tool should have a header before it is activated",
      errors: { "tools.0.status": "Your tool should have a header before it is activated" },
      upgradeReason: "activated_tools_per_app_limit",
      needsReload: false,
    });
  });

  it("asks for a reload when the app was saved elsewhere", () => {
    expect(describeSaveFailure(new AppError("CONFLICT", "This app was changed somewhere else."))).toEqual({
      message: "This app was changed somewhere else.",
      errors: {},
      upgradeReason: null,
      needsReload: true,
    });
  });

  it("uses the spec's message for anything else", () => {
    for (const error of [
      new AppError("INTERNAL", "boom"),
      new AppError("SERVICE_UNAVAILABLE", "offline"),
      new Error("x"),
    ])
      expect(describeSaveFailure(error)).toEqual({
        message: GENERATED_APP_MESSAGES.saveFailed,
        errors: {},
        upgradeReason: null,
        needsReload: false,
      });
    expect(GENERATED_APP_MESSAGES.saveFailed).toBe(
      "Failed saving app, your changes might be lost. Please try again or contact us",
    );
  });
});

describe("messagesUnder", () => {
  it("keeps one tool's messages, keyed inside the tool", () => {
    expect(
      messagesUnder(
        { "tools.1.path": "a", "tools.10.path": "b", "tools.1.fields.0.name": "c", style: "d" },
        "tools.1.",
      ),
    ).toEqual({ path: "a", "fields.0.name": "c" });
  });
});
