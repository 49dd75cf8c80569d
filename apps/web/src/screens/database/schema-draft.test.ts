import type { EntitySchema } from "@liftoff/domain";
import { describe, expect, it } from "vitest";
import { draftFromSchema, newDraftField, schemaFromDraft } from "./schema-draft.ts";

describe("schema drafts", () => {
  it("builds every editor type", () => {
    const result = schemaFromDraft({
      name: "Task",
      fields: [
        newDraftField({ name: "title", required: true, defaultText: "Untitled" }),
        newDraftField({ name: "score", type: "integer", defaultText: "3" }),
        newDraftField({ name: "done", type: "boolean", defaultText: "false" }),
        newDraftField({ name: "due", type: "date-time" }),
        newDraftField({ name: "status", type: "enum", options: "todo, doing, done", defaultText: "todo" }),
        newDraftField({ name: "tags", type: "multiselect", options: "a,b" }),
        newDraftField({ name: "meta", type: "json" }),
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.properties).toEqual({
      title: { type: "string", default: "Untitled" },
      score: { type: "integer", default: 3 },
      done: { type: "boolean", default: false },
      due: { type: "string", format: "date-time" },
      status: { type: "string", enum: ["todo", "doing", "done"], default: "todo" },
      tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      meta: { type: "object" },
    });
    expect(result.value.required).toEqual(["title"]);
  });

  it("refuses what the server would refuse, with its message", () => {
    const bad = schemaFromDraft({ name: "Task", fields: [newDraftField({ name: "id" })] });
    expect(bad).toEqual({
      ok: false,
      message: '"id" is a built-in field of every row and cannot be declared',
    });
    expect(schemaFromDraft({ name: "Task", fields: [newDraftField({ name: "s", type: "enum" })] })).toEqual({
      ok: false,
      message: 'Field "s" needs at least one option',
    });
    expect(
      schemaFromDraft({
        name: "Task",
        fields: [newDraftField({ name: "n", type: "number", defaultText: "x" })],
      }).ok,
    ).toBe(false);
  });

  it("round-trips a stored schema, keeping keywords and permissions", () => {
    const stored: EntitySchema = {
      name: "Note",
      type: "object",
      properties: {
        body: { type: "string", maxLength: 200, description: "Text" },
        tags: { type: "array", items: { type: "string", enum: ["x", "y"] }, default: ["x"] },
      },
      required: ["body"],
      permissions: { read: "all", write: "admin" },
    };
    const draft = draftFromSchema(stored);
    expect(draft.fields.map((f) => f.type)).toEqual(["string", "multiselect"]);
    const again = schemaFromDraft(draft, stored.permissions);
    expect(again).toEqual({ ok: true, value: stored });
  });
});
