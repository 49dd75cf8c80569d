import { customFieldSchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { normalizeMagicField } from "./normalize-magic-field.ts";

const builder = { plan: null, isAdmin: false };
const paid = { plan: "explorer" as const, isAdmin: false };

describe("normalizeMagicField", () => {
  it("reads the asked-for answer as a field", () => {
    const outcome = normalizeMagicField(
      {
        name: "travel_dates",
        label: "Travel dates",
        type: "text",
        required: true,
        personal: false,
        instructions: "",
        options: [],
      },
      builder,
    );
    expect(outcome).toEqual({
      ok: true,
      field: {
        name: "travel_dates",
        label: "Travel dates",
        type: "text",
        required: true,
        personal: false,
        memorize: false,
        stepId: null,
        instructions: "",
        options: [],
        filterCondition: "",
        toolId: null,
      },
    });
    if (outcome.ok) expect(customFieldSchema.parse(outcome.field)).toEqual(outcome.field);
  });

  it("takes a wrapped answer, option texts, a spaced name and loose values", () => {
    const outcome = normalizeMagicField(
      {
        field: {
          name: "diet type",
          label: "Diet",
          type: "dropdown",
          required: "true",
          options: ["Vegan", " vegan ", "", "Keto"],
          memorize: true,
        },
      },
      builder,
    );
    expect(outcome.ok && outcome.field).toMatchObject({
      name: "diet_type",
      type: "select",
      required: true,
      memorize: false,
      options: [
        { label: "Vegan", iconUrl: "" },
        { label: "Keto", iconUrl: "" },
      ],
    });
  });

  it("reports an answer without a usable name", () => {
    for (const raw of [
      { label: "Budget", type: "text" },
      { name: "", label: "Budget" },
      { name: "  ", label: "Budget" },
      { name: "!!!", label: "Budget" },
      { name: 42, label: "Budget" },
      { name: "Input", label: "Main input" },
    ])
      expect(normalizeMagicField(raw, builder)).toEqual({ ok: false, reason: "no_name" });
  });

  it("reports an answer that is no field", () => {
    for (const raw of [null, "a field", [], {}, { field: [] }])
      expect(normalizeMagicField(raw, builder)).toEqual({ ok: false, reason: "unusable" });
  });

  it("keeps to the types this builder may add", () => {
    const photo = { name: "selfie", label: "Selfie", type: "photo", instructions: "Face the camera" };
    expect(normalizeMagicField(photo, builder)).toMatchObject({
      ok: true,
      field: { type: "text", instructions: "" },
    });
    expect(normalizeMagicField(photo, paid)).toMatchObject({
      ok: true,
      field: { type: "photo", instructions: "Face the camera" },
    });
    expect(normalizeMagicField({ name: "home", label: "Home", type: "place" }, paid)).toMatchObject({
      field: { type: "text" },
    });
    expect(
      normalizeMagicField({ name: "home", label: "Home", type: "place" }, { plan: null, isAdmin: true }),
    ).toMatchObject({ field: { type: "place" } });
    // A choice field without choices would be refused on save.
    expect(
      normalizeMagicField({ name: "size", label: "Size", type: "select", options: [] }, builder),
    ).toMatchObject({
      field: { type: "text", options: [] },
    });
    expect(
      normalizeMagicField({ name: "mail", label: "E-mail", type: "email", personal: false }, builder),
    ).toMatchObject({ field: { type: "email", personal: true } });
  });
});
