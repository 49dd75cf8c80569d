import { type PublicField, type PublicTool, RUN_INPUT_MESSAGES } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import {
  checkDraft,
  emptyDraft,
  errorsOfStep,
  fieldsOfStep,
  firstStepWithErrors,
  formSteps,
  switchMeasureUnit,
} from "./form-model.ts";

const field = (name: string, type: PublicField["type"], extra: Partial<PublicField> = {}): PublicField => ({
  name,
  label: name,
  type,
  required: false,
  personal: false,
  memorize: false,
  stepId: null,
  instructions: "",
  options:
    type === "select" || type === "multiselect"
      ? [
          { label: "A", iconUrl: "" },
          { label: "B", iconUrl: "" },
        ]
      : [],
  toolId: null,
  ...extra,
});

const tool = (fields: PublicField[], steps: { id: string; title: string }[] = []) =>
  ({
    fields,
    isMultiStepInput: steps.length > 0,
    inputSteps: steps,
  }) as Pick<PublicTool, "fields" | "isMultiStepInput" | "inputSteps">;

describe("the tool form's model", () => {
  it("turns a filled form into the run request, dropping what was left empty", () => {
    const t = tool([
      field("name", "text", { required: true }),
      field("mood", "select"),
      field("tags", "multiselect"),
      field("height", "height"),
      field("weight", "weight"),
      field("mail", "email"),
    ]);
    const draft = emptyDraft(t);
    expect(draft.values).toEqual({
      name: "",
      mood: "",
      tags: [],
      height: { text: "", unit: "cm" },
      weight: { text: "", unit: "kg" },
      mail: "",
    });
    draft.input = "Hello";
    draft.values.name = "Ada";
    draft.values.tags = ["B"];
    draft.values.height = { text: "70", unit: "in" };
    draft.values.weight = { text: "70,5", unit: "kg" };
    expect(checkDraft(t, draft)).toEqual({
      ok: true,
      request: {
        input: "Hello",
        values: {
          name: "Ada",
          tags: ["B"],
          height: { value: 70, unit: "in" },
          weight: { value: 70.5, unit: "kg" },
        },
      },
    });
  });

  it("gives each field's message: required, e-mail, a measure that is not a number or out of range", () => {
    const t = tool([
      field("name", "text", { required: true }),
      field("mail", "email"),
      field("height", "height"),
      field("weight", "weight", { required: true }),
    ]);
    const draft = emptyDraft(t);
    draft.values.mail = "not-an-address";
    draft.values.height = { text: "tall", unit: "cm" };
    expect(checkDraft(t, draft)).toEqual({
      ok: false,
      errors: {
        name: RUN_INPUT_MESSAGES.required("name"),
        mail: RUN_INPUT_MESSAGES.emailInvalid,
        height: RUN_INPUT_MESSAGES.notANumber,
        weight: RUN_INPUT_MESSAGES.required("weight"),
      },
    });
    draft.values.height = { text: "900", unit: "cm" };
    const check = checkDraft(t, draft);
    expect(check.ok ? null : check.errors.height).toBe(RUN_INPUT_MESSAGES.height());
  });

  it("places fields on their steps (none or an unknown step: the first) and the main input on the first", () => {
    const steps = [
      { id: "s1", title: "About you" },
      { id: "s2", title: "Your trip" },
    ];
    const t = tool(
      [
        field("a", "text", { required: true }),
        field("b", "text", { stepId: "s2", required: true }),
        field("c", "text", { stepId: "gone" }),
      ],
      steps,
    );
    expect(formSteps(t)).toEqual(steps);
    expect(fieldsOfStep(t, 0).map((f) => f.name)).toEqual(["a", "c"]);
    expect(fieldsOfStep(t, 1).map((f) => f.name)).toEqual(["b"]);
    const errors = { a: "A is required", b: "B is required", input: "Too long" };
    expect(errorsOfStep(t, 0, errors)).toEqual({ a: "A is required", input: "Too long" });
    expect(errorsOfStep(t, 1, errors)).toEqual({ b: "B is required" });
    expect(firstStepWithErrors(t, { b: "B is required" })).toBe(1);
    expect(firstStepWithErrors(t, {})).toBeNull();
    // Steps switched off: one page with every field.
    const flat = { ...t, isMultiStepInput: false };
    expect(formSteps(flat)).toEqual([{ id: null, title: "" }]);
    expect(fieldsOfStep(flat, 0)).toHaveLength(3);
  });

  it("converts a measure when its unit is switched, keeping text that is not a number", () => {
    expect(switchMeasureUnit("height", { text: "180", unit: "cm" }, "in")).toEqual({
      text: "70.9",
      unit: "in",
    });
    expect(switchMeasureUnit("weight", { text: "154", unit: "lb" }, "kg")).toEqual({
      text: "69.9",
      unit: "kg",
    });
    expect(switchMeasureUnit("weight", { text: "", unit: "lb" }, "kg")).toEqual({ text: "", unit: "kg" });
    expect(switchMeasureUnit("height", { text: "x", unit: "cm" }, "cm")).toEqual({ text: "x", unit: "cm" });
  });

  it("starts from known answers where they fit the field's type", () => {
    const t = tool([
      field("name", "text"),
      field("tags", "multiselect"),
      field("height", "height"),
      field("weight", "weight"),
      field("mail", "email"),
    ]);
    const draft = emptyDraft(t, {
      name: "Ada",
      tags: ["A"],
      height: { value: 70, unit: "in" },
      weight: "heavy",
      mail: ["not", "text"],
      unknown: "x",
    });
    expect(draft.values).toEqual({
      name: "Ada",
      tags: ["A"],
      height: { text: "70", unit: "in" },
      weight: { text: "", unit: "kg" },
      mail: "",
    });
  });
});
