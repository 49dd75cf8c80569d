/** The end-user chat assistant routes of a generated app (apps/server assistant-routes.ts). */
export function assistantMessagesUrl(appId: string): string {
  return `/live_api/apps/${encodeURIComponent(appId)}/assistant/messages`;
}

/** A conversation's messages, oldest first: what a reload shows again. */
export function assistantConversationUrl(appId: string, conversationId: string): string {
  return `/live_api/apps/${encodeURIComponent(appId)}/assistant/conversations/${encodeURIComponent(conversationId)}`;
}

/** The stream of one reply (in progress or finished), to re-attach after a drop or a reload. */
export function assistantEventsUrl(appId: string, messageId: string): string {
  return `/live_api/apps/${encodeURIComponent(appId)}/assistant/messages/${encodeURIComponent(messageId)}/events`;
}
