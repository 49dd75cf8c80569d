import { emptyCustomField } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { fitFieldForBuilder } from "./fit-field-for-builder.ts";

const lite = { plan: null, isAdmin: false };
const admin = { plan: "explorer" as const, isAdmin: true };

describe("fitFieldForBuilder", () => {
  it("turns types this builder may not add into text", () => {
    const photo = {
      ...emptyCustomField({ name: "pic", label: "Pic", type: "photo" }),
      instructions: "Smile",
    };
    expect(fitFieldForBuilder(photo, lite)).toMatchObject({ type: "text", instructions: "" });
    expect(fitFieldForBuilder(photo, admin)).toMatchObject({ type: "photo", instructions: "Smile" });
    const place = emptyCustomField({ name: "home", label: "Home", type: "place" });
    expect(fitFieldForBuilder(place, lite).type).toBe("text");
    expect(fitFieldForBuilder(place, admin).type).toBe("place");
    // A tool item field needs a tool of the app the model cannot know, even for admins.
    const item = {
      ...emptyCustomField({ name: "item", label: "Item", type: "tool_item_select" }),
      toolId: "t1",
    };
    expect(fitFieldForBuilder(item, admin)).toMatchObject({ type: "text", toolId: null });
  });

  it("drops empty and repeated options, and makes a choice field without options text", () => {
    const select = {
      ...emptyCustomField({ name: "size", label: "Size", type: "select" }),
      options: [" S ", "s", "", "M"].map((label) => ({ label, iconUrl: "" })),
    };
    expect(fitFieldForBuilder(select, lite).options.map((o) => o.label)).toEqual(["S", "M"]);
    expect(fitFieldForBuilder({ ...select, options: [{ label: " ", iconUrl: "" }] }, lite)).toMatchObject({
      type: "text",
      options: [],
    });
    const text = { ...emptyCustomField({ name: "n", label: "N", type: "text" }), options: select.options };
    expect(fitFieldForBuilder(text, lite).options).toEqual([]);
  });

  it("never remembers answers and keeps e-mail personal", () => {
    const email = {
      ...emptyCustomField({ name: "mail", label: "Mail", type: "email" }),
      memorize: true,
      personal: false,
    };
    expect(fitFieldForBuilder(email, lite)).toMatchObject({ personal: true, memorize: false });
  });
});
