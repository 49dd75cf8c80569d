import type { Database } from "@liftoff/db";
import type { PlanId, PlanRequest, PlanRequestStatus } from "@liftoff/domain";
import type { Kysely } from "kysely";

/** Plan requests with their requester, newest first: the pending ones (admin page) or one user's. */
export async function listPlanRequests(options: {
  db: Kysely<Database>;
  status?: PlanRequestStatus;
  userId?: string;
  id?: string;
  limit?: number;
}): Promise<PlanRequest[]> {
  const { db, status, userId, id, limit = 200 } = options;
  let query = db
    .selectFrom("plan_requests as r")
    .innerJoin("users as u", "u.id", "r.userId")
    .leftJoin("accounts as a", "a.userId", "r.userId")
    .select([
      "r.id",
      "r.userId",
      "u.email",
      "u.name",
      "r.planId",
      "a.plan as currentPlan",
      "r.status",
      "r.createdAt",
      "r.resolvedAt",
    ])
    .orderBy("r.createdAt", "desc")
    .limit(limit);
  if (status) query = query.where("r.status", "=", status);
  if (userId) query = query.where("r.userId", "=", userId);
  if (id) query = query.where("r.id", "=", id);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.email,
    name: row.name,
    planId: row.planId as PlanId,
    currentPlan: (row.currentPlan ?? null) as PlanId | null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  }));
}
