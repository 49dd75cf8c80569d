import { AppError, type PlanId, type PlanRequest, type PlanRequestDecision } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { log } from "../../log.ts";
import { renderActionMail } from "../../mail/render-action-mail.ts";
import { setUserPlan } from "../admin/set-user-plan.ts";
import { listPlanRequests } from "./list-plan-requests.ts";
import { planName } from "./plan-name.ts";

/**
 * An admin grants (the plan is assigned at once, in the same transaction) or declines a
 * pending request, and the requester is told by mail. Answering an answered request is a
 * 409, so two admins clicking at once cannot both act.
 */
export async function resolvePlanRequest(options: {
  deps: Pick<Deps, "db" | "config" | "mailer">;
  adminUserId: string;
  requestId: string;
  decision: PlanRequestDecision;
}): Promise<PlanRequest> {
  const { deps, adminUserId, requestId, decision } = options;
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("plan_requests")
      .set({
        status: decision === "grant" ? "granted" : "declined",
        resolvedAt: new Date(),
        resolvedBy: adminUserId,
      })
      .where("id", "=", requestId)
      .where("status", "=", "pending")
      .returning(["userId", "planId"])
      .executeTakeFirst();
    if (!row) {
      const exists = await trx
        .selectFrom("plan_requests")
        .select("id")
        .where("id", "=", requestId)
        .executeTakeFirst();
      if (exists) throw new AppError("CONFLICT", "This request was already answered.");
      throw new AppError("NOT_FOUND", "Plan request not found");
    }
    if (decision === "grant") await setUserPlan({ db: trx, userId: row.userId, plan: row.planId as PlanId });
  });
  const [request] = await listPlanRequests({ db: deps.db, id: requestId });
  if (!request) throw new AppError("NOT_FOUND", "Plan request not found");
  await mailRequester(deps, request);
  return request;
}

async function mailRequester(deps: Pick<Deps, "config" | "mailer">, request: PlanRequest): Promise<void> {
  const name = planName(request.planId);
  const granted = request.status === "granted";
  try {
    await deps.mailer.send(
      renderActionMail({
        to: request.email,
        subject: granted ? `You're on the ${name} plan` : `Your request for the ${name} plan`,
        heading: granted ? `The ${name} plan is yours` : `Your ${name} plan request was declined`,
        intro: granted
          ? `An admin of this Liftoff instance moved you to the ${name} plan. Its limits apply now.`
          : `An admin of this Liftoff instance declined your request for the ${name} plan. Your plan stays as it was; ask them if you'd like to know why.`,
        actionLabel: granted ? "Open Liftoff" : "See plans",
        actionUrl: new URL(granted ? "/apps" : "/pricing", deps.config.publicUrl).toString(),
        outro: "You get this mail because you asked for a plan on this Liftoff instance.",
      }),
    );
  } catch (error) {
    log.error("plan request answer mail failed", { error, requestId: request.id });
  }
}
