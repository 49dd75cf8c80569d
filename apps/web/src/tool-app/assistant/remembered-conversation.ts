/**
 * The end user's conversation with an app's assistant, kept in localStorage per app so a
 * reload (or coming back later in the same browser) shows it again. The id is the only key
 * to a conversation, so it stays on this device. Storage that throws (blocked, full) only
 * means a reload starts a new conversation.
 */
export type ConversationStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function rememberedConversationKey(appId: string): string {
  return `liftoff.assistant.${appId}`;
}

/** The browser's localStorage, or null where storage is blocked (its access throws). */
export function localConversationStorage(): ConversationStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRememberedConversation(
  storage: ConversationStorage | null,
  appId: string,
): string | null {
  try {
    return storage?.getItem(rememberedConversationKey(appId)) || null;
  } catch {
    return null;
  }
}

export function rememberConversation(
  storage: ConversationStorage | null,
  appId: string,
  conversationId: string,
): void {
  try {
    storage?.setItem(rememberedConversationKey(appId), conversationId);
  } catch {
    // Storage full or disabled: the conversation still shows, only a reload forgets it.
  }
}

export function forgetConversation(storage: ConversationStorage | null, appId: string): void {
  try {
    storage?.removeItem(rememberedConversationKey(appId));
  } catch {
    // Nothing stored.
  }
}
