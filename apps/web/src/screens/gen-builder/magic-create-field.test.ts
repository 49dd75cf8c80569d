import { AppError, emptyCustomField, GENERATED_APP_MESSAGES, type MagicCreateBody } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "../../lib/api.ts";
import { magicCreateField, magicRequestFailure } from "./magic-create-field.ts";

const tool = {
  gptPrompt: "Plan a trip to [city]",
  fields: [emptyCustomField({ name: "city", label: "City", type: "text" })],
  inputSteps: [{ id: "step-1", title: "Step 1" }],
};

function answering(result: unknown) {
  const sent: MagicCreateBody[] = [];
  return {
    sent,
    send: async (body: MagicCreateBody) => {
      sent.push(body);
      return { result };
    },
  };
}

describe("magic create of a field", () => {
  it("sends the sentence with the instructions and returns a checked field", async () => {
    const server = answering({
      name: "budget",
      label: "Budget",
      type: "dropdown",
      required: true,
      options: ["Low", { label: "High", iconUrl: "" }],
      stepId: "step-1",
    });
    const result = await magicCreateField({
      appId: "app1",
      sentence: "  a budget choice ",
      tool,
      send: server.send,
    });
    expect(server.sent).toEqual([
      { input: "a budget choice", magicType: "field", prompt: "Plan a trip to [city]", appId: "app1" },
    ]);
    expect(result).toEqual({
      ok: true,
      field: {
        ...emptyCustomField({ name: "budget", label: "Budget", type: "select" }),
        required: true,
        stepId: "step-1",
        options: [
          { label: "Low", iconUrl: "" },
          { label: "High", iconUrl: "" },
        ],
      },
    });
  });

  it("reads a field sent as JSON text", async () => {
    const server = answering(JSON.stringify({ name: "nights", label: "Nights", type: "text" }));
    const result = await magicCreateField({ appId: "app1", sentence: "nights", tool, send: server.send });
    expect(result.ok && result.field.name).toBe("nights");
  });

  it("says 'Magic edit failed' when the request fails", async () => {
    const send = async () => {
      throw new Error("500");
    };
    expect(await magicCreateField({ appId: "app1", sentence: "x", tool, send })).toEqual({
      ok: false,
      message: GENERATED_APP_MESSAGES.magicEditFailed,
    });
  });

  it("keeps the server's own reason, but not a crash or a lost connection", () => {
    const noModel = new AppError("SERVICE_UNAVAILABLE", "No AI model is configured");
    expect(magicRequestFailure(noModel)).toBe("No AI model is configured");
    const noName = new AppError("UNPROCESSABLE", GENERATED_APP_MESSAGES.magicFieldNoName);
    expect(magicRequestFailure(noName)).toBe(GENERATED_APP_MESSAGES.magicFieldNoName);
    expect(magicRequestFailure(new AppError("SERVICE_UNAVAILABLE", NETWORK_ERROR_MESSAGE))).toBe(
      GENERATED_APP_MESSAGES.magicEditFailed,
    );
    expect(magicRequestFailure(new AppError("INTERNAL", "Something went wrong"))).toBe(
      GENERATED_APP_MESSAGES.magicEditFailed,
    );
    expect(magicRequestFailure(new TypeError("boom"))).toBe(GENERATED_APP_MESSAGES.magicEditFailed);
  });

  it("says 'Failed creating the field' for an unusable answer", async () => {
    for (const result of [null, "not json", ["a"], 42]) {
      expect(
        await magicCreateField({ appId: "app1", sentence: "x", tool, send: answering(result).send }),
      ).toEqual({
        ok: false,
        message: GENERATED_APP_MESSAGES.magicFieldFailed,
      });
    }
    // A loose answer is repaired rather than refused: an over-long text is cut to its cap.
    const tooLong = answering({ name: "n", label: "L", type: "photo", instructions: "x".repeat(3000) });
    const cut = await magicCreateField({ appId: "app1", sentence: "x", tool, send: tooLong.send });
    expect(cut.ok && cut.field.instructions).toHaveLength(2000);
    // So is a bad icon address: dropped.
    const badIcon = answering({
      name: "n",
      label: "L",
      type: "select",
      options: [{ label: "A", iconUrl: "ftp://x" }],
    });
    const repaired = await magicCreateField({ appId: "app1", sentence: "x", tool, send: badIcon.send });
    expect(repaired.ok && repaired.field.options).toEqual([{ label: "A", iconUrl: "" }]);
  });

  it("asks for a different name when the name is missing, taken or reserved", async () => {
    for (const result of [{ label: "No name" }, { name: " " }, { name: "City" }, { name: "input" }]) {
      expect(
        await magicCreateField({ appId: "app1", sentence: "x", tool, send: answering(result).send }),
      ).toEqual({
        ok: false,
        message: GENERATED_APP_MESSAGES.magicFieldNoName,
      });
    }
  });
});
