import { createRoute } from "@hono/zod-openapi";
import { AppError, mailListResponseSchema, okSchema } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import { errorResponses, jsonResponse } from "../../http/openapi-helpers.ts";
import { requireAdmin, requireSession } from "../../http/require-session.ts";
import { listMailbox } from "./list-mailbox.ts";

/**
 * The dev mailbox exists only while no SMTP server is configured: then it is the only way
 * to read mail. It holds every verification and reset link, so it is never public:
 * platform admins read and clear it, other signed-in users read their own mail.
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
      summary:
        "Mail stored instead of sent (only without SMTP): all of it for platform admins, one's own for other users",
      responses: {
        200: jsonResponse(mailListResponseSchema, "Mails, newest first"),
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      ensureDevMailbox();
      const session = requireSession(c);
      return c.json(await listMailbox({ deps, session }), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "delete",
      path: "/api/dev/mailbox",
      tags,
      summary: "Empty the dev mailbox (platform admins only)",
      responses: { 200: jsonResponse(okSchema, "Emptied"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      ensureDevMailbox();
      requireAdmin(c, deps);
      await deps.db.deleteFrom("mails").execute();
      return c.json({ ok: true as const }, 200);
    },
  );
  return router;
}
