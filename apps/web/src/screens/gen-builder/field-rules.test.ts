import {
  emptyCustomField,
  emptyTool,
  FIELD_NAME_PATTERN,
  fieldDeletionBlockedMessage,
  GENERATED_APP_MESSAGES,
  inactiveFieldMessage,
  maxCustomFieldsMessage,
  SAVED_APP_LIMITS,
  type Tool,
} from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import type { GenBuilderViewer } from "./editor-types.ts";
import {
  addField,
  addFieldBlockedMessage,
  deriveFieldName,
  type FieldDraftContext,
  fieldBadges,
  fieldDraftErrors,
  fieldTypeChoices,
  finalizeField,
  messagesForField,
  moveField,
  moveItem,
  removeField,
  replaceField,
  shownFieldErrors,
} from "./field-rules.ts";

const admin: GenBuilderViewer = { isAdmin: true, plan: "moon", isSignupEnabled: true };
const lite: GenBuilderViewer = { isAdmin: false, plan: "lite", isSignupEnabled: false };

function toolWith(names: string[], gptPrompt = ""): Tool {
  return {
    ...emptyTool({ toolId: "t1", path: "tool" }),
    gptPrompt,
    fields: names.map((name) => emptyCustomField({ name, label: name, type: "text" })),
  };
}

function context(partial: Partial<FieldDraftContext> = {}): FieldDraftContext {
  return { otherNames: [], viewer: admin, original: null, stepIds: [], toolIds: [], ...partial };
}

describe("field names from labels", () => {
  it("derives a tag-safe name", () => {
    expect(deriveFieldName("Your E-mail address")).toBe("your_e-mail_address");
    expect(deriveFieldName("  Crème brûlée? ")).toBe("creme_brulee");
    expect(deriveFieldName("!!!")).toBe("");
    const long = deriveFieldName("word ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(FIELD_NAME_PATTERN);
  });
});

describe("field type choices", () => {
  it("follows the plan and role, keeping a stored type", () => {
    expect(fieldTypeChoices(lite, null)).not.toContain("photo");
    expect(fieldTypeChoices(lite, null)).not.toContain("place");
    expect(fieldTypeChoices(lite, null)).not.toContain("tool_item_select");
    expect(fieldTypeChoices(admin, null)).toEqual(
      expect.arrayContaining(["photo", "place", "tool_item_select"]),
    );
    expect(fieldTypeChoices(lite, "place")).toContain("place");
  });
});

describe("field draft errors", () => {
  it("checks names with the spec's messages", () => {
    const field = emptyCustomField({ name: "Topic", label: "Topic", type: "text" });
    expect(fieldDraftErrors(field, context({ otherNames: ["topic"] })).name).toBe(
      GENERATED_APP_MESSAGES.fieldExistsTryAnother,
    );
    expect(fieldDraftErrors({ ...field, name: "INPUT" }, context()).name).toBe(
      GENERATED_APP_MESSAGES.inputReserved,
    );
    expect(fieldDraftErrors({ ...field, name: "a b" }, context()).name).toBe(
      GENERATED_APP_MESSAGES.fieldNamePattern,
    );
    expect(fieldDraftErrors({ ...field, label: " " }, context()).label).toBe(
      GENERATED_APP_MESSAGES.fieldLabelEmpty,
    );
    expect(fieldDraftErrors(field, context())).toEqual({});
  });

  it("checks options live", () => {
    const field = emptyCustomField({ name: "size", label: "Size", type: "select" });
    expect(fieldDraftErrors(field, context()).options).toBe(GENERATED_APP_MESSAGES.selectNeedsOptions);
    const errors = fieldDraftErrors(
      {
        ...field,
        options: [
          { label: "Small", iconUrl: "" },
          { label: " ", iconUrl: "" },
          { label: "small ", iconUrl: "" },
        ],
      },
      context(),
    );
    expect(errors["options.1.label"]).toBe(GENERATED_APP_MESSAGES.optionEmpty);
    expect(errors["options.2.label"]).toBe(GENERATED_APP_MESSAGES.optionExists);
    expect(errors["options.0.label"]).toBeUndefined();
  });

  it("applies plan, role and sign-up rules only to what changes", () => {
    const photo = emptyCustomField({ name: "pic", label: "Pic", type: "photo" });
    expect(fieldDraftErrors(photo, context({ viewer: lite })).type).toBe(
      GENERATED_APP_MESSAGES.photoNotOnLite,
    );
    expect(fieldDraftErrors(photo, context({ viewer: lite, original: photo })).type).toBeUndefined();
    const text = { ...emptyCustomField({ name: "city", label: "City", type: "text" }), memorize: true };
    expect(fieldDraftErrors(text, context({ viewer: lite })).memorize).toBe(
      GENERATED_APP_MESSAGES.memorizeNeedsSignup,
    );
    expect(fieldDraftErrors(text, context({ viewer: lite, original: text })).memorize).toBeUndefined();
  });

  it("requires a known step and a tool for tool items", () => {
    const field = {
      ...emptyCustomField({ name: "item", label: "Item", type: "tool_item_select" }),
      stepId: "s9",
    };
    const errors = fieldDraftErrors(field, context({ stepIds: ["s1"], toolIds: ["t2"] }));
    expect(errors.stepId).toBe(GENERATED_APP_MESSAGES.unknownStep);
    expect(errors.toolId).toBe(GENERATED_APP_MESSAGES.unknownToolForField);
    expect(
      fieldDraftErrors(
        { ...field, stepId: "s1", toolId: "t2" },
        context({ stepIds: ["s1"], toolIds: ["t2"] }),
      ),
    ).toEqual({});
  });

  it("reports the contract's length caps", () => {
    const field = emptyCustomField({ name: "n", label: "x".repeat(101), type: "text" });
    expect(fieldDraftErrors(field, context()).label).toMatch(/at most 100/);
  });
});

describe("finalizing a field", () => {
  it("clears what the type does not use and forces e-mail personal", () => {
    const select = {
      ...emptyCustomField({ name: "c", label: "C", type: "select" }),
      options: [{ label: " A ", iconUrl: "" }],
      instructions: "smile",
      toolId: "t2",
      filterCondition: "x",
    };
    expect(finalizeField(select)).toMatchObject({
      options: [{ label: "A", iconUrl: "" }],
      instructions: "",
      toolId: null,
      filterCondition: "",
    });
    expect(finalizeField({ ...select, type: "email", personal: false })).toMatchObject({
      personal: true,
      options: [],
    });
    expect(finalizeField({ ...select, type: "photo", memorize: true }).memorize).toBe(false);
  });
});

describe("editing the tool's fields", () => {
  it("blocks adding past the limit with the spec's message", () => {
    const full = toolWith(Array.from({ length: SAVED_APP_LIMITS.maxCustomFields }, (_, i) => `f${i}`));
    expect(addFieldBlockedMessage(full)).toBe(maxCustomFieldsMessage(SAVED_APP_LIMITS.maxCustomFields));
    expect(addFieldBlockedMessage(toolWith(["a"]))).toBeNull();
  });

  it("adds, moves and renames, carrying tags along", () => {
    let tool = toolWith(["topic", "tone"], "Write about [topic] in a [Topic] way, [tone].");
    tool = addField(tool, emptyCustomField({ name: "len", label: "Length", type: "text" }));
    expect(tool.fields.map((f) => f.name)).toEqual(["topic", "tone", "len"]);
    tool = moveField(tool, 2, -1);
    expect(tool.fields.map((f) => f.name)).toEqual(["topic", "len", "tone"]);
    expect(moveField(tool, 0, -1).fields.map((f) => f.name)).toEqual(["topic", "len", "tone"]);
    const first = tool.fields[0];
    if (!first) throw new Error("no field");
    tool = replaceField(tool, 0, { ...first, name: "subject" });
    expect(tool.gptPrompt).toBe("Write about [subject] in a [subject] way, [tone].");
    expect(tool.fields[0]?.name).toBe("subject");
  });

  it("refuses deleting a tagged field", () => {
    const tool = toolWith(["topic", "tone"], "About [topic]");
    expect(removeField(tool, 0)).toEqual({ ok: false, message: fieldDeletionBlockedMessage("topic") });
    const removed = removeField(tool, 1);
    expect(removed.ok && removed.tool.fields.map((f) => f.name)).toEqual(["topic"]);
  });

  it("marks untagged fields inactive", () => {
    const tool = toolWith(["topic", "tone"], "About [topic]");
    const [topic, tone] = tool.fields;
    if (!topic || !tone) throw new Error("no fields");
    expect(fieldBadges(topic, tool.gptPrompt)).toEqual([]);
    expect(fieldBadges({ ...tone, required: true }, tool.gptPrompt)).toEqual([
      expect.objectContaining({ key: "required" }),
      { key: "inactive", label: "Inactive", hint: inactiveFieldMessage("tone") },
    ]);
  });
});

describe("helpers", () => {
  it("moves items within bounds", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b"], 1, 1)).toEqual(["a", "b"]);
  });

  it("picks the server's messages of one field", () => {
    expect(
      messagesForField(
        { "fields.1.name": "bad", "fields.10.name": "other", "fields.1": "whole", gptPrompt: "x" },
        1,
      ),
    ).toEqual({ name: "bad", field: "whole" });
  });
});

describe("which dialog messages show", () => {
  const local = { label: "L", name: "N", "options.0.label": "O" };
  const base = {
    local,
    server: {},
    touched: new Set<string>(),
    attempted: false,
    nameFollowsLabel: true,
    unchanged: true,
  };

  it("hides rules until touched or a save is attempted", () => {
    expect(shownFieldErrors(base)).toEqual({});
    expect(shownFieldErrors({ ...base, touched: new Set(["options"]) })).toEqual({ "options.0.label": "O" });
    expect(shownFieldErrors({ ...base, attempted: true })).toEqual(local);
  });

  it("shows the derived name's message when the label is typed", () => {
    expect(shownFieldErrors({ ...base, touched: new Set(["label"]) })).toEqual({ label: "L", name: "N" });
    expect(shownFieldErrors({ ...base, touched: new Set(["label"]), nameFollowsLabel: false })).toEqual({
      label: "L",
    });
  });

  it("keeps the server's messages only while the field is unchanged", () => {
    const server = { name: "Server", toolId: "T" };
    expect(shownFieldErrors({ ...base, server })).toEqual(server);
    expect(shownFieldErrors({ ...base, server, attempted: true })).toEqual({ ...local, toolId: "T" });
    expect(shownFieldErrors({ ...base, server, unchanged: false })).toEqual({});
  });
});
