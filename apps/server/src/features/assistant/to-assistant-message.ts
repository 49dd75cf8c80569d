import type { Database } from "@liftoff/db";
import { type AssistantMessage, sourceCitationSchema } from "@liftoff/domain";
import type { Selectable } from "kysely";

/** A stored message as the end user sees it (never the technical details or the usage). */
export function toAssistantMessage(row: Selectable<Database["assistant_messages"]>): AssistantMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    error: row.error,
    sources: sourceCitationSchema
      .array()
      .catch([])
      .parse(row.sources ?? []),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
