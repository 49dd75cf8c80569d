import { randomUUID } from "node:crypto";
import type { Database } from "@liftoff/db";
import { AppError, type ChatSettings } from "@liftoff/domain";
import type { Kysely } from "kysely";
import { announceAppChange } from "../entities/announce-app-change.ts";
import type { ManagedApp } from "../space-apps/find-managed-app.ts";
import { commitSavedApp } from "./commit-saved-app.ts";

export const CHAT_ASSISTANT_ADMIN_MESSAGE = "Only platform admins can change the chat assistant";

/**
 * POST /api/apps/{appId}/chat/activate {isActive} (spec section 7): switches the generated
 * app's chat assistant between draft and active. The assistant gets its id the first time
 * it is activated and keeps it when switched off, so links to it survive a pause. The App
 * chat panel is for platform admins (spec section 6), and so is this call.
 */
export async function activateChatAssistant(options: {
  db: Kysely<Database>;
  managed: ManagedApp;
  isActive: boolean;
}): Promise<{ chatAppId: string | null; chatSettings: ChatSettings; version: number | null }> {
  const { managed } = options;
  if (!managed.isPlatformAdmin) throw new AppError("FORBIDDEN", CHAT_ASSISTANT_ADMIN_MESSAGE);
  if (managed.app.kind !== "generated")
    throw new AppError("BAD_REQUEST", "Only generated apps have a chat assistant");
  const stored = managed.app.data.savedApp as { chatSettings?: { chatAppId?: unknown } } | undefined;
  const existingId =
    typeof stored?.chatSettings?.chatAppId === "string" ? stored.chatSettings.chatAppId : null;
  const chatSettings: ChatSettings = {
    status: options.isActive ? "active" : "draft",
    chatAppId: existingId ?? (options.isActive ? randomUUID() : null),
  };
  // The document is the stored one; only the chat settings change, through the one way they may.
  const saved = await commitSavedApp({
    db: options.db,
    managed,
    source: "chat",
    next: (previous) => previous,
    chatSettings,
  });
  // The end users' page says whether the assistant is on: it must not wait for the cache.
  await announceAppChange(options.db, managed.app.id);
  return {
    chatAppId: saved.app.chatSettings.chatAppId,
    chatSettings: saved.app.chatSettings,
    version: saved.version,
  };
}
