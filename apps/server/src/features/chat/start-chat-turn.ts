import { randomUUID } from "node:crypto";
import { jsonValue } from "@liftoff/db";
import {
  AppError,
  CHAT_MESSAGES,
  type ChatMessage,
  planIdSchema,
  planLimits,
  type SendChatBody,
} from "@liftoff/domain";
import { sql } from "kysely";
import { leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { createAppVersion } from "../space-apps/create-app-version.ts";
import { runChatGeneration } from "./run-chat-generation.ts";
import { toChatMessage } from "./to-chat-message.ts";

/** One line per runtime error sent with the message (also written into its text). */
export function errorLines(errors: SendChatBody["errors"]): string[] {
  return (errors ?? []).map(
    (e) =>
      `${e.title}${e.componentName ? ` (in ${e.componentName})` : ""}${e.details ? `: ${e.details.slice(0, 500)}` : ""}`,
  );
}

/** Start of the current UTC day: the plan's daily chat message limit counts from there. */
function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Sends a builder's chat message: checks the model, the builder chat message cap of the
 * account's plan, the daily limit and that no reply is being written; stores the user
 * message (with the draft version it starts from, for a later revert) and an in_progress
 * assistant message, counts the message, and starts the generation in the background.
 */
export async function startChatTurn(options: {
  deps: Deps;
  appId: string;
  userId: string;
  isAdmin: boolean;
  body: {
    content: string;
    attachments: ChatMessage["experimental_attachments"];
    errors?: SendChatBody["errors"];
  };
}): Promise<{ userMessage: ChatMessage; message: ChatMessage }> {
  const { deps, appId, userId } = options;
  deps.ai.require();
  const now = new Date();

  const account = await deps.db
    .selectFrom("accounts")
    .select(["id", "plan", "builderChatMessagesUsed"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!account) throw new AppError("NOT_FOUND", "Account not found, create it first");
  const plan = account.plan === null ? null : planIdSchema.catch("lite").parse(account.plan);
  const limits = planLimits(plan);
  if (!options.isAdmin && account.builderChatMessagesUsed >= limits.builderChatMessagesTotal)
    throw new AppError("PLAN_LIMIT", CHAT_MESSAGES.builderLimit, { reason: "builder_chat_messages" });
  const today = await deps.db
    .selectFrom("chat_messages")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("userId", "=", userId)
    .where("role", "=", "user")
    .where("createdAt", ">=", utcDayStart(now))
    .executeTakeFirstOrThrow();
  if (!options.isAdmin && today.n >= limits.dailyChatMessages)
    throw new AppError("RATE_LIMITED", CHAT_MESSAGES.dailyLimit, { reason: "daily_chat_messages" });

  // An app without files yet gets an empty first version: every user message then has a
  // version to revert to.
  const app = await deps.db
    .selectFrom("apps")
    .select("draftVersionId")
    .where("id", "=", appId)
    .executeTakeFirstOrThrow();
  if (!app.draftVersionId)
    await createAppVersion({
      db: deps.db,
      appId,
      baseVersionId: null,
      source: "chat",
      createdBy: userId,
      change: () => {},
    }).catch((error) => {
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    });

  const { userRow, assistantRow } = await deps.db.transaction().execute(async (trx) => {
    // The app row is the lock: two sends at once cannot both pass the busy check.
    const locked = await trx
      .selectFrom("apps")
      .select("draftVersionId")
      .where("id", "=", appId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const busy = await trx
      .selectFrom("chat_messages")
      .select("id")
      .where("appId", "=", appId)
      .where("status", "=", "in_progress")
      .executeTakeFirst();
    if (busy) throw new AppError("CONFLICT", CHAT_MESSAGES.busy, { messageId: busy.id });
    const errors = errorLines(options.body.errors);
    const content =
      errors.length > 0
        ? `${options.body.content}\n\n${errors.map((e) => `- ${e}`).join("\n")}`
        : options.body.content;
    const userRow = await trx
      .insertInto("chat_messages")
      .values({
        id: randomUUID(),
        appId,
        userId,
        role: "user",
        content,
        status: "ready",
        parts: jsonValue([{ type: "text", text: content }]),
        annotations: jsonValue({ versionId: locked.draftVersionId }),
        attachments: jsonValue(options.body.attachments),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const assistantRow = await trx
      .insertInto("chat_messages")
      .values({
        id: randomUUID(),
        appId,
        userId,
        role: "assistant",
        status: "in_progress",
        annotations: jsonValue({ status: "in_progress" }),
        leaseUntil: leaseUntil(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("accounts")
      .set((eb) => ({ builderChatMessagesUsed: eb("builderChatMessagesUsed", "+", 1) }))
      .where("id", "=", account.id)
      .execute();
    return { userRow, assistantRow };
  });

  const userMessage = toChatMessage(userRow, { admin: options.isAdmin });
  const message = toChatMessage(assistantRow, { admin: true });
  void runChatGeneration({ deps, appId, userId, message, errors: errorLines(options.body.errors) }).catch(
    (error) => log.error("chat: generation crashed", { appId, error }),
  );
  return { userMessage, message: toChatMessage(assistantRow, { admin: options.isAdmin }) };
}
