import { randomUUID } from "node:crypto";
import { jsonValue } from "@liftoff/db";
import {
  AppError,
  ASSISTANT_MESSAGES,
  type AssistantMessage,
  planLimits,
  type SendAssistantMessageBody,
} from "@liftoff/domain";
import { sql } from "kysely";
import { leaseUntil } from "../../background/lease.ts";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { optionalAppToken } from "../app-users/require-app-token.ts";
import { hashClientIp } from "../runs/hash-client-ip.ts";
import type { RunCharge } from "../runs/refund-run.ts";
import { runWindows } from "../runs/run-windows.ts";
import { takeRunAllowance } from "../runs/take-run-allowance.ts";
import { loadAssistantApp } from "./load-assistant-app.ts";
import { runAssistantReply } from "./run-assistant-reply.ts";
import { toAssistantMessage } from "./to-assistant-message.ts";

/** Credits one assistant reply costs the builder (ours: as a run's default). */
export const ASSISTANT_CREDITS_PER_REPLY = 1;

/**
 * An end user's message to a generated app's chat assistant: checks the app (published,
 * assistant on), the model, the conversation (this app's, no reply being written), then in
 * one transaction counts the message against the daily chat limit of the client address
 * (the owner's plan's daily chat messages), charges the builder's credit, and stores the
 * message and an in_progress reply, which is written in the background.
 */
export async function startAssistantTurn(options: {
  deps: Deps;
  appId: string;
  body: SendAssistantMessageBody;
  ip: string;
  headers: Headers;
}): Promise<{ conversationId: string; userMessage: AssistantMessage; message: AssistantMessage }> {
  const { deps } = options;
  const app = await loadAssistantApp(deps.db, options.appId);
  if (!deps.ai.config)
    throw new AppError("SERVICE_UNAVAILABLE", ASSISTANT_MESSAGES.unavailable, {
      reason: "ai_not_configured",
    });
  const conversationId = options.body.conversationId ?? randomUUID();
  if (options.body.conversationId) {
    const known = await deps.db
      .selectFrom("assistant_messages")
      .select("id")
      .where("conversationId", "=", conversationId)
      .where("appId", "=", app.id)
      .executeTakeFirst();
    if (!known) throw new AppError("NOT_FOUND", "This conversation does not exist");
  }
  const claims = await optionalAppToken(deps, app.id, options.headers);
  const appUserId = claims?.kind === "user" && claims.actorId === undefined ? claims.subjectId : null;

  const now = new Date();
  const limits = planLimits(app.owner.plan);
  const ipHash = hashClientIp({ secret: deps.config.authSecret, appId: app.id, ip: options.ip });
  // The day's window of the runs, under a key of its own.
  const [day] = runWindows(now, { daily: limits.dailyChatMessages, weekly: limits.dailyChatMessages });
  const window = { ...day!, key: `chat:${day!.key}` };
  const charge: RunCharge = {
    appId: app.id,
    ipHash,
    counterWindows: [window.key],
    creditsCharged: ASSISTANT_CREDITS_PER_REPLY,
    chargedAccountId: app.owner.accountId,
  };
  const common = { appId: app.id, conversationId, ipHash, appUserId };
  const userId = randomUUID();
  const replyId = randomUUID();
  // The conversation's lock, its check and both messages, then the allowance last: the
  // builder's account row it charges stays locked only until the commit right after it.
  const stored = await deps.db.transaction().execute(async (trx) => {
    // One turn of a conversation at a time: without this lock, messages sent at the same
    // moment each find no reply in progress (there is no row yet to lock) and all start
    // one. The check below is a new statement, so it sees the reply the lock's holder stored.
    await sql`select pg_advisory_xact_lock(hashtext(${`assistant:${conversationId}`}))`.execute(trx);
    const busy = await trx
      .selectFrom("assistant_messages")
      .select("id")
      .where("conversationId", "=", conversationId)
      .where("status", "=", "in_progress")
      .executeTakeFirst();
    if (busy) throw new AppError("CONFLICT", ASSISTANT_MESSAGES.busy, { messageId: busy.id });
    const userRow = await trx
      .insertInto("assistant_messages")
      .values({
        ...common,
        id: userId,
        role: "user",
        content: options.body.content,
        status: "ready",
        createdAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // Stored with its charge: the allowance below undoes the transaction when it refuses.
    const assistantRow = await trx
      .insertInto("assistant_messages")
      .values({
        ...common,
        id: replyId,
        role: "assistant",
        status: "in_progress",
        creditsCharged: charge.creditsCharged,
        chargedAccountId: charge.chargedAccountId,
        counterWindows: jsonValue(charge.counterWindows),
        leaseUntil: leaseUntil(),
        // After the user's message in the conversation's order.
        createdAt: new Date(now.getTime() + 1),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await takeRunAllowance(trx, {
      appId: app.id,
      ipHash,
      windows: [window],
      credits: ASSISTANT_CREDITS_PER_REPLY,
      accountId: app.owner.accountId,
      appRunsTotal: limits.appRunsTotal,
      messages: {
        limit: (w) => ASSISTANT_MESSAGES.dailyLimit(w.limit),
        unavailable: ASSISTANT_MESSAGES.unavailable,
      },
    });
    return { userRow, assistantRow };
  });
  const { userRow, assistantRow } = stored;
  const message = toAssistantMessage(assistantRow);
  void runAssistantReply({ deps, app, message, charge }).catch((error) =>
    log.error("assistant: reply crashed", { appId: app.id, error }),
  );
  return { conversationId, userMessage: toAssistantMessage(userRow), message };
}
