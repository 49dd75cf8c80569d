import {
  type Account,
  createAccountResponseSchema,
  postLoginRedirect,
  type SessionResponse,
} from "@liftoff/domain";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { api } from "../../lib/api.ts";
import { createAccount } from "../../lib/create-account.ts";
import { useSession } from "../../lib/session.tsx";
import { redirectQuery, withOnboarding } from "./auth-query.ts";

export type FinishSignInResult = { ok: true } | { ok: false; message: string };

/**
 * Everything after a session answer (password login, sign-up, social): store the session,
 * create the account when it does not exist yet (spec 7, with the sale_id retries), then
 * route with postLoginRedirect. A final 401 on account creation signs out and goes to
 * /error/unauthorized.
 */
export function useFinishSignIn() {
  const { setSession, signOut, refreshAccount } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  return useCallback(
    async (
      res: SessionResponse,
      options: { signUp?: boolean; search?: string; onStatus?: (text: string) => void } = {},
    ): Promise<FinishSignInResult> => {
      const query = redirectQuery(options.search ?? location.search);
      let account: Account | null = await setSession(res);
      const isNew = options.signUp === true || account === null;

      if (isNew) {
        const saleId = query.get("sale_id");
        if (saleId) options.onStatus?.("Setting up your account…");
        const outcome = await createAccount({
          saleId,
          post: (body) => api.post("/api/account/create", body, createAccountResponseSchema),
        });
        if (outcome.kind === "unauthorized") {
          await signOut();
          navigate(outcome.redirectTo, { replace: true });
          return { ok: true };
        }
        if (outcome.kind === "failed") return { ok: false, message: outcome.message };
        account = await refreshAccount().catch(() => null);
      }

      const target = postLoginRedirect({
        query: isNew ? withOnboarding(query) : query,
        user: { emailVerified: account?.emailVerified ?? res.user.emailVerified },
        account,
      });
      navigate(target, { replace: true });
      return { ok: true };
    },
    [setSession, signOut, refreshAccount, navigate, location.search],
  );
}
