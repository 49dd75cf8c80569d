import { describe, expect, it } from "vitest";
import { customFieldSchema } from "./custom-field.ts";
import { upgradeCustomField } from "./upgrade-custom-field.ts";

const upgrade = (raw: unknown, stepIds: string[] = []) =>
  upgradeCustomField(raw, { index: 0, stepIds: new Set(stepIds) });

describe("upgradeCustomField", () => {
  it("keeps a v4 field as it is", () => {
    const field = {
      name: "city",
      label: "City",
      type: "multiselect",
      required: true,
      personal: false,
      memorize: true,
      stepId: "s1",
      instructions: "",
      options: [{ label: "Paris", iconUrl: "" }],
      filterCondition: "",
      toolId: null,
    };
    expect(upgrade(field, ["s1"])).toEqual({ field, renamedFrom: null });
  });

  it.each([
    ["textarea", "long_text"],
    ["longText", "long_text"],
    ["multi-select", "multiselect"],
    ["dropdown", "select"],
    ["image", "photo"],
    ["location", "place"],
    ["Tool Item Select", "tool_item_select"],
    ["date", "text"],
    [undefined, "text"],
  ])("reads the type %j as %s", (type, expected) => {
    expect(upgrade({ name: "x", type }).field.type).toBe(expected);
  });

  it("makes the name fit a tag and reports the rename", () => {
    expect(upgrade({ name: "Your name?" })).toMatchObject({
      field: { name: "Your_name", label: "Your name?" },
      renamedFrom: "Your name?",
    });
    expect(upgrade({ label: "Budget (USD)" }).field.name).toBe("Budget_USD");
    expect(upgrade({}).field.name).toBe("field_1");
  });

  it("reads options from texts, objects and optionsConfig, dropping unreadable ones", () => {
    expect(
      upgrade({ name: "x", options: ["a", 2, { value: "b", icon: "/i.png" }, { nope: 1 }, null] }).field
        .options,
    ).toEqual([
      { label: "a", iconUrl: "" },
      { label: "2", iconUrl: "" },
      { label: "b", iconUrl: "/i.png" },
    ]);
    expect(upgrade({ name: "x", optionsConfig: { options: [{ label: "c" }] } }).field.options).toEqual([
      { label: "c", iconUrl: "" },
    ]);
  });

  it("applies what can never be otherwise: e-mail personal, photo not memorized", () => {
    expect(upgrade({ name: "m", type: "email", personal: false }).field.personal).toBe(true);
    expect(upgrade({ name: "p", type: "photo", memorize: true }).field.memorize).toBe(false);
  });

  it("always returns a field the contract accepts", () => {
    for (const raw of [
      null,
      1,
      "x",
      { name: 5, label: {}, options: "a" },
      { name: "n".repeat(100), toolId: "t" },
    ])
      expect(customFieldSchema.safeParse(upgrade(raw).field).success).toBe(true);
  });
});
