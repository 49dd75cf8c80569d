import {
  myPlanRequestResponseSchema,
  type PlanId,
  type PlanRequest,
  planRequestSchema,
} from "@liftoff/domain";
import { useCallback, useState } from "react";
import { api } from "../../lib/api.ts";
import { useSession } from "../../lib/session.tsx";
import { type Resource, useResource } from "../apps/use-resource.ts";

export type PlanRequestApi = {
  /** The signed-in user's pending request (null: none); loading while signed out. */
  pending: Resource<PlanRequest | null>;
  sending: boolean;
  /** Asks the admins for the plan; throws the server's AppError (shown by the caller). */
  request: (planId: PlanId) => Promise<PlanRequest>;
};

/** GET/POST /api/account/plan-request: "Request this plan" where no payment provider is set up. */
export function usePlanRequest(): PlanRequestApi {
  const { status, user } = useSession();
  const signedIn = status === "signedIn";
  const pending = useResource(`plan-request:${status}:${user?.id ?? ""}`, async () =>
    signedIn ? (await api.get("/api/account/plan-request", myPlanRequestResponseSchema)).request : null,
  );
  const [sending, setSending] = useState(false);
  const { setData } = pending;
  const request = useCallback(
    async (planId: PlanId) => {
      setSending(true);
      try {
        const saved = await api.post("/api/account/plan-request", { planId }, planRequestSchema);
        setData(() => saved);
        return saved;
      } finally {
        setSending(false);
      }
    },
    [setData],
  );
  return { pending, sending, request };
}
