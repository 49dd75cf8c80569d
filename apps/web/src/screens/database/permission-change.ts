import {
  AppError,
  type EntityPermissionPreset,
  type EntityPermissions,
  matchPermissionPreset,
  permissionChangeMessage,
} from "@liftoff/domain";

export const ACCESS_CHANGE_FAILED = "Failed to request access control change";

/**
 * Sends a message to the builder's chat and opens it. The builder passes it to the Database
 * panel once the chat exists; it rejects when the message could not be sent.
 */
export type RequestChat = (message: string) => Promise<void>;

export type PermissionChangeOutcome =
  /** The preset is already the entity's: nothing was sent. */
  | { kind: "unchanged" }
  /** The chat was asked (spec section 6): the panel closes, the assistant does the rest. */
  | { kind: "requested"; message: string }
  /** Applied directly through the builder API (no chat yet, or the owner chose to). */
  | { kind: "applied" }
  | { kind: "failed"; message: string };

/**
 * A preset choice in the picker. The spec's way is indirect: the chat message
 * 'Please change the permissions for entity "{name}" to "{description}".' is sent, and the
 * assistant changes the schema. Without a chat (`requestChat` absent), or when the owner
 * asks for it (`direct`), the preset is applied through the builder API instead. Either way
 * a failure is 'Failed to request access control change', followed by the server's reason
 * when there is one (an AppError), so the builder learns why (issue 13).
 */
export async function changeEntityPermissions(options: {
  entityName: string;
  current: EntityPermissions;
  preset: EntityPermissionPreset;
  requestChat?: RequestChat | undefined;
  direct?: boolean;
  applyDirectly: (permissions: EntityPermissions) => Promise<unknown>;
}): Promise<PermissionChangeOutcome> {
  const { entityName, current, preset, requestChat } = options;
  if (matchPermissionPreset(current)?.id === preset.id) return { kind: "unchanged" };
  try {
    if (requestChat && !options.direct) {
      const message = permissionChangeMessage(entityName, preset.description);
      await requestChat(message);
      return { kind: "requested", message };
    }
    await options.applyDirectly(preset.permissions);
    return { kind: "applied" };
  } catch (error) {
    const reason = error instanceof AppError ? error.message : "";
    return { kind: "failed", message: reason ? `${ACCESS_CHANGE_FAILED}: ${reason}` : ACCESS_CHANGE_FAILED };
  }
}
