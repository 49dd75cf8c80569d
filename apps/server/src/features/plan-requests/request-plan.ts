import { randomUUID } from "node:crypto";
import {
  AppError,
  effectivePlan,
  isPlanAtOrAbove,
  PLAN_ALREADY_INCLUDED_MESSAGE,
  PLAN_REQUEST_LIMIT_MESSAGE,
  PLAN_REQUEST_WINDOW_MS,
  PLAN_REQUESTS_PER_WINDOW,
  type PlanId,
  type PlanRequest,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { takeStoredRateLimit } from "../../http/take-stored-rate-limit.ts";
import { log } from "../../log.ts";
import { renderActionMail } from "../../mail/render-action-mail.ts";
import { ensureAccount } from "../account/ensure-account.ts";
import { listPlanRequests } from "./list-plan-requests.ts";
import { planName } from "./plan-name.ts";
import { platformAdminAddresses } from "./platform-admin-addresses.ts";

/**
 * Records a builder's request for a plan and tells the platform admins by mail; the
 * request also waits on the admin page, so a mail that fails loses nothing. A pending
 * request for another plan is replaced in the same statement (one pending per user, even
 * under concurrent clicks); asking again for the same plan changes nothing and mails no
 * one. New or changed requests are rate-limited, since each one mails every admin.
 */
export async function requestPlan(options: {
  deps: Pick<Deps, "db" | "config" | "mailer">;
  user: { id: string; email: string; name: string };
  planId: PlanId;
}): Promise<PlanRequest> {
  const { deps, user, planId } = options;
  const { db } = deps;
  await ensureAccount({ db, userId: user.id });
  const account = await db
    .selectFrom("accounts")
    .select("plan")
    .where("userId", "=", user.id)
    .executeTakeFirst();
  if (isPlanAtOrAbove(effectivePlan((account?.plan ?? null) as PlanId | null), planId)) {
    throw new AppError("BAD_REQUEST", PLAN_ALREADY_INCLUDED_MESSAGE);
  }
  const pending = await db
    .selectFrom("plan_requests")
    .select(["id", "planId"])
    .where("userId", "=", user.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (pending?.planId === planId) {
    const [same] = await listPlanRequests({ db, id: pending.id });
    if (same) return same;
  }
  await takeStoredRateLimit(db, {
    key: `plan-request:${user.id}`,
    max: PLAN_REQUESTS_PER_WINDOW,
    windowMs: PLAN_REQUEST_WINDOW_MS,
    message: PLAN_REQUEST_LIMIT_MESSAGE,
  });
  const saved = await db
    .insertInto("plan_requests")
    .values({ id: randomUUID(), userId: user.id, planId })
    .onConflict((oc) =>
      oc.column("userId").where("status", "=", "pending").doUpdateSet({ planId, createdAt: new Date() }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  const [request] = await listPlanRequests({ db, id: saved.id });
  if (!request) throw new AppError("INTERNAL", "The plan request was not saved");
  await mailAdmins(deps, request);
  return request;
}

async function mailAdmins(deps: Pick<Deps, "db" | "config" | "mailer">, request: PlanRequest): Promise<void> {
  const admins = await platformAdminAddresses({ db: deps.db, config: deps.config });
  const review = new URL("/admin", deps.config.publicUrl);
  review.hash = "plan-requests";
  const who = request.name ? `${request.name} (${request.email})` : request.email;
  for (const to of admins) {
    try {
      await deps.mailer.send(
        renderActionMail({
          to,
          subject: `${request.email} asks for the ${planName(request.planId)} plan`,
          heading: `A request for the ${planName(request.planId)} plan`,
          intro: `${who} asked to be moved to the ${planName(request.planId)} plan. Online payments aren't set up on this instance, so an admin grants or declines the request.`,
          actionLabel: "Review plan requests",
          actionUrl: review.toString(),
          outro: "You get this mail because you are an admin of this Liftoff instance.",
        }),
      );
    } catch (error) {
      // The request is saved and listed on the admin page; a lost mail only delays it.
      log.error("plan request mail failed", { error, requestId: request.id });
    }
  }
}
