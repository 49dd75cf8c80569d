import { createRoute } from "@hono/zod-openapi";
import { AppError, mailListResponseSchema, okSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";

export const MAILBOX_PAGE = 100;

/**
 * The dev mailbox exists only while no SMTP server is configured: then it is the only way
 * to read mail, and the platform is by definition not delivering real mail to anyone.
 */
export function mailboxRoutes(deps: Deps) {
  const router = createRouter();
  const tags = ["Dev mailbox"];
  const ensureDevMailbox = () => {
    if (deps.mailer.kind !== "dev")
      throw new AppError("NOT_FOUND", "The dev mailbox is off because SMTP is configured");
  };

  router.openapi(
    createRoute({
      method: "get",
      path: "/api/dev/mailbox",
      tags,
      summary: "Mail stored instead of sent (only without SMTP)",
      responses: { 200: jsonResponse(mailListResponseSchema, "Mails, newest first"), ...errorResponses(404) },
    }),
    async (c) => {
      ensureDevMailbox();
      const rows = await deps.db
        .selectFrom("mails")
        .selectAll()
        .orderBy("createdAt", "desc")
        .limit(MAILBOX_PAGE)
        .execute();
      return c.json({ mails: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/dev/mailbox",
      tags,
      summary: "Empty the dev mailbox",
      responses: { 200: jsonResponse(okSchema, "Emptied"), ...errorResponses(404) },
    }),
    async (c) => {
      ensureDevMailbox();
      await deps.db.deleteFrom("mails").execute();
      return c.json({ ok: true as const }, 200);
    },
  );
  return router;
}
