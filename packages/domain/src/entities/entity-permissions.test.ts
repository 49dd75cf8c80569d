import { describe, expect, it } from "vitest";
import {
  DEFAULT_ENTITY_PERMISSIONS,
  ENTITY_ACCESS_LABELS,
  ENTITY_ACCESS_LEVELS,
  ENTITY_PERMISSION_PRESET_IDS,
  ENTITY_PERMISSION_PRESETS,
  entityAccessSchema,
  entityPermissionsSchema,
  matchPermissionPreset,
  permissionChangeMessage,
  permissionsOf,
} from "./entity-permissions.ts";

describe("entity access levels", () => {
  it("are all, admin, creator and none", () => {
    expect(ENTITY_ACCESS_LEVELS).toEqual(["all", "admin", "creator", "none"]);
  });

  it("carry the spec's labels", () => {
    expect(ENTITY_ACCESS_LABELS).toEqual({ all: "Public", admin: "Admin", creator: "Creator", none: "None" });
  });

  it.each(["public", "Admin", "owner", "", null, 1])("refuse %j", (value) => {
    expect(entityAccessSchema.safeParse(value).error?.issues[0]?.message).toBe(
      "Access must be one of: all, admin, creator, none",
    );
  });
});

describe("entityPermissionsSchema", () => {
  it("defaults each side to creator", () => {
    expect(entityPermissionsSchema.parse({})).toEqual({ read: "creator", write: "creator" });
    expect(entityPermissionsSchema.parse({ write: "none" })).toEqual({ read: "creator", write: "none" });
  });

  it("has the spec's default of creator/creator", () => {
    expect(DEFAULT_ENTITY_PERMISSIONS).toEqual({ read: "creator", write: "creator" });
  });
});

describe("ENTITY_PERMISSION_PRESETS", () => {
  it("are the spec's four, in order, with these pairs", () => {
    expect(ENTITY_PERMISSION_PRESETS.map((preset) => [preset.id, preset.label, preset.permissions])).toEqual([
      ["public_read_admin_write", "Public Read/Admin Write", { read: "all", write: "admin" }],
      ["public_read_creator_write", "Public Read/Creator Write", { read: "all", write: "creator" }],
      ["creator_only", "Creator Only", { read: "creator", write: "creator" }],
      ["admin_only", "Admin Only", { read: "admin", write: "admin" }],
    ]);
    expect(ENTITY_PERMISSION_PRESETS.map((preset) => preset.id)).toEqual([...ENTITY_PERMISSION_PRESET_IDS]);
  });

  it("have distinct, non-empty descriptions without quotes (they go inside the chat message's quotes)", () => {
    const descriptions = ENTITY_PERMISSION_PRESETS.map((preset) => preset.description);
    expect(new Set(descriptions).size).toBe(4);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThan(10);
      expect(description).not.toContain('"');
    }
  });

  it("include the default pair", () => {
    expect(matchPermissionPreset(DEFAULT_ENTITY_PERMISSIONS)?.id).toBe("creator_only");
  });
});

describe("permissionsOf", () => {
  it.each<[string, Parameters<typeof permissionsOf>[0], { read: string; write: string }]>([
    ["a schema without permissions", {}, { read: "creator", write: "creator" }],
    ["null permissions", { permissions: null }, { read: "creator", write: "creator" }],
    ["both sides", { permissions: { read: "all", write: "admin" } }, { read: "all", write: "admin" }],
    ["only read", { permissions: { read: "none" } }, { read: "none", write: "creator" }],
    [
      "an unknown value",
      { permissions: { read: "everyone", write: "admin" } },
      { read: "creator", write: "admin" },
    ],
  ])("reads %s", (_label, schema, expected) => {
    expect(permissionsOf(schema)).toEqual(expected);
  });
});

describe("matchPermissionPreset", () => {
  it.each(ENTITY_PERMISSION_PRESETS)("finds $label from its pair", (preset) => {
    expect(matchPermissionPreset({ ...preset.permissions })).toBe(preset);
  });

  it.each([
    { read: "none", write: "none" },
    { read: "all", write: "all" },
    { read: "creator", write: "admin" },
  ] as const)("finds no preset for %j", (permissions) => {
    expect(matchPermissionPreset(permissions)).toBeNull();
  });
});

describe("permissionChangeMessage", () => {
  it("is the spec's text exactly", () => {
    expect(permissionChangeMessage("Task", "Only admins can view, create, edit and delete records")).toBe(
      'Please change the permissions for entity "Task" to "Only admins can view, create, edit and delete records".',
    );
  });

  it.each(ENTITY_PERMISSION_PRESETS)("reads naturally for $label", (preset) => {
    expect(permissionChangeMessage("Order", preset.description)).toBe(
      `Please change the permissions for entity "Order" to "${preset.description}".`,
    );
  });
});
