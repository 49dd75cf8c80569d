import { emptyCustomField, emptyTool, SAVED_APP_LIMITS, type Tool } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  addStep,
  addStepBlockedMessage,
  assignFieldStep,
  effectiveStepId,
  fieldCountsByStep,
  messagesForStep,
  moveStep,
  newStepId,
  removeStep,
  removeStepBlockedMessage,
  renameStep,
  setMultiStepInput,
} from "./steps-model.ts";

function tool(partial: Partial<Tool> = {}): Tool {
  return {
    ...emptyTool({ toolId: "t1", path: "tool" }),
    fields: ["a", "b", "c"].map((name) => emptyCustomField({ name, label: name, type: "text" })),
    ...partial,
  };
}

describe("input steps", () => {
  it("turning multi-step on with no steps creates the first step", () => {
    const on = setMultiStepInput(tool(), true);
    expect(on.isMultiStepInput).toBe(true);
    expect(on.inputSteps).toEqual([{ id: "step-1", title: "Step 1" }]);
    const off = setMultiStepInput(on, false);
    expect(off.isMultiStepInput).toBe(false);
    expect(off.inputSteps).toHaveLength(1);
    expect(setMultiStepInput(off, true).inputSteps).toHaveLength(1);
  });

  it("adds steps with fresh ids up to the limit", () => {
    let t = tool({ inputSteps: [{ id: "step-2", title: "Two" }] });
    expect(newStepId(t.inputSteps)).toBe("step-3");
    t = addStep(t);
    expect(t.inputSteps.map((s) => s.id)).toEqual(["step-2", "step-3"]);
    expect(t.inputSteps[1]?.title).toBe("Step 2");
    const full = tool({
      inputSteps: Array.from({ length: SAVED_APP_LIMITS.maxInputSteps }, (_, i) => ({
        id: `s${i}`,
        title: "",
      })),
    });
    expect(addStepBlockedMessage(full)).toMatch(/up to 10 input steps/);
    expect(addStep(full)).toBe(full);
  });

  it("renames, reorders and assigns", () => {
    let t = setMultiStepInput(tool(), true);
    t = addStep(t);
    t = renameStep(t, "step-2", "About you");
    t = moveStep(t, 1, -1);
    expect(t.inputSteps.map((s) => s.title)).toEqual(["About you", "Step 1"]);
    t = assignFieldStep(t, 2, "step-1");
    expect(t.fields.map((f) => f.stepId)).toEqual([null, null, "step-1"]);
    expect([...fieldCountsByStep(t)]).toEqual([
      ["step-2", 2],
      ["step-1", 1],
    ]);
  });

  it("removing a step unassigns its fields and keeps the last one", () => {
    let t = setMultiStepInput(tool(), true);
    t = addStep(t);
    t = assignFieldStep(t, 0, "step-2");
    t = removeStep(t, "step-2");
    expect(t.inputSteps.map((s) => s.id)).toEqual(["step-1"]);
    expect(t.fields[0]?.stepId).toBeNull();
    expect(removeStepBlockedMessage(t)).not.toBeNull();
    expect(removeStep(t, "step-1")).toBe(t);
    expect(removeStep({ ...t, isMultiStepInput: false }, "step-1").inputSteps).toEqual([]);
  });

  it("places a field without a known step in the first step", () => {
    const t = tool({
      inputSteps: [
        { id: "x", title: "X" },
        { id: "y", title: "Y" },
      ],
    });
    expect(effectiveStepId(t, null)).toBe("x");
    expect(effectiveStepId(t, "gone")).toBe("x");
    expect(effectiveStepId(t, "y")).toBe("y");
    expect(effectiveStepId(tool(), null)).toBeNull();
  });

  it("picks the server's messages of one step", () => {
    expect(
      messagesForStep({ "inputSteps.1.id": "dup", "inputSteps.10.id": "no", inputSteps: "x" }, 1),
    ).toEqual(["dup"]);
  });
});
