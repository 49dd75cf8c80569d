import type { Database } from "@liftoff/db";
import {
  type ChatMessage,
  chatActionGroupSchema,
  chatActionSchema,
  chatAttachmentSchema,
  chatMessageAnnotationsSchema,
  chatMessagePartSchema,
} from "@liftoff/domain";
import type { Selectable } from "kysely";
import { z } from "zod";

type Row = Selectable<Database["chat_messages"]>;

const toolInvocationSchema = z.object({
  toolName: z.string(),
  toolCallId: z.string(),
  state: z.enum(["call", "result"]),
  args: z.unknown(),
  result: z.unknown().optional(),
});

/** Parses a JSON column item by item, dropping what does not fit (never fails a read). */
function items<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The attachments column as valid attachments. */
export function chatAttachmentsOf(value: unknown) {
  return items(chatAttachmentSchema, value);
}

/**
 * A stored row as the API's chat message. Technical error details are for platform admins
 * only (spec section 6), so they are dropped unless `admin`.
 */
export function toChatMessage(row: Row, options: { admin: boolean }): ChatMessage {
  const annotations = chatMessageAnnotationsSchema.catch({}).parse(row.annotations);
  if (!options.admin) delete annotations.errorDetails;
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    status: row.status,
    parts: items(chatMessagePartSchema, row.parts),
    actions: items(chatActionSchema, row.actions),
    groups: items(chatActionGroupSchema, row.groups),
    annotations,
    experimental_attachments: items(chatAttachmentSchema, row.attachments),
    toolInvocations: items(toolInvocationSchema, row.toolInvocations),
  };
}

/** What the admins-only filter removes from a message already in memory. */
export function forViewer(message: ChatMessage, admin: boolean): ChatMessage {
  if (admin || message.annotations.errorDetails === undefined) return message;
  const { errorDetails: _hidden, ...annotations } = message.annotations;
  return { ...message, annotations };
}
