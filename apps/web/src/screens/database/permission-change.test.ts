import { AppError, ENTITY_PERMISSION_PRESETS, type EntityPermissions } from "@liftoff/domain";
import { describe, expect, it, vi } from "vitest";
import { ACCESS_CHANGE_FAILED, changeEntityPermissions } from "./permission-change.ts";

const [publicRead, , creatorOnly, adminOnly] = ENTITY_PERMISSION_PRESETS as [
  (typeof ENTITY_PERMISSION_PRESETS)[number],
  (typeof ENTITY_PERMISSION_PRESETS)[number],
  (typeof ENTITY_PERMISSION_PRESETS)[number],
  (typeof ENTITY_PERMISSION_PRESETS)[number],
];
const current: EntityPermissions = { read: "creator", write: "creator" };

describe("changeEntityPermissions", () => {
  it("sends the spec's chat message when the chat exists, without applying anything", async () => {
    const requestChat = vi.fn(async () => {});
    const applyDirectly = vi.fn(async () => {});
    const outcome = await changeEntityPermissions({
      entityName: "Task",
      current,
      preset: adminOnly,
      requestChat,
      applyDirectly,
    });
    const message =
      'Please change the permissions for entity "Task" to "Only admins can view, create, edit and delete records".';
    expect(outcome).toEqual({ kind: "requested", message });
    expect(requestChat).toHaveBeenCalledWith(message);
    expect(applyDirectly).not.toHaveBeenCalled();
  });

  it("applies the preset directly without a chat, or when the owner asks for it", async () => {
    for (const requestChat of [undefined, vi.fn(async () => {})]) {
      const applyDirectly = vi.fn(async () => {});
      const outcome = await changeEntityPermissions({
        entityName: "Task",
        current,
        preset: publicRead,
        requestChat,
        direct: requestChat !== undefined,
        applyDirectly,
      });
      expect(outcome).toEqual({ kind: "applied" });
      expect(applyDirectly).toHaveBeenCalledWith({ read: "all", write: "admin" });
      if (requestChat) expect(requestChat).not.toHaveBeenCalled();
    }
  });

  it("does nothing for the current preset", async () => {
    const requestChat = vi.fn(async () => {});
    const applyDirectly = vi.fn(async () => {});
    const outcome = await changeEntityPermissions({
      entityName: "Task",
      current,
      preset: creatorOnly,
      requestChat,
      applyDirectly,
    });
    expect(outcome).toEqual({ kind: "unchanged" });
    expect(requestChat).not.toHaveBeenCalled();
    expect(applyDirectly).not.toHaveBeenCalled();
  });

  it("reports 'Failed to request access control change' when either path fails", async () => {
    const fail = async () => {
      throw new Error("offline");
    };
    const viaChat = await changeEntityPermissions({
      entityName: "Task",
      current,
      preset: adminOnly,
      requestChat: fail,
      applyDirectly: async () => {},
    });
    const direct = await changeEntityPermissions({
      entityName: "Task",
      current,
      preset: adminOnly,
      applyDirectly: fail,
    });
    expect(ACCESS_CHANGE_FAILED).toBe("Failed to request access control change");
    for (const outcome of [viaChat, direct])
      expect(outcome).toEqual({ kind: "failed", message: ACCESS_CHANGE_FAILED });
  });

  it("adds the server's reason to it when the failure is an AppError", async () => {
    const outcome = await changeEntityPermissions({
      entityName: "Task",
      current,
      preset: adminOnly,
      applyDirectly: async () => {
        throw new AppError("FORBIDDEN", "Only the app's owner can change permissions");
      },
    });
    expect(outcome).toEqual({
      kind: "failed",
      message: "Failed to request access control change: Only the app's owner can change permissions",
    });
  });
});
