import { firstRunSchema, okSchema } from "@liftoff/domain";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, sessionKey } from "./api.ts";
import { useSession } from "./session.tsx";

export const FIRST_RUN_PATH = "/welcome";

// Asked once per signed-in user and page load: the shell mounts on every signed-in screen,
// and the answer only changes when the screen itself is shown (markFirstRunWelcomed).
const checks = new Map<string, Promise<boolean>>();

function checkFirstRun(): Promise<boolean> {
  const key = sessionKey();
  let check = checks.get(key);
  if (!check) {
    check = api.get("/api/admin/firstRun", firstRunSchema).then(
      (answer) => answer.welcome,
      // Not knowing is not a reason to interrupt anyone.
      () => false,
    );
    checks.set(key, check);
  }
  return check;
}

/** The first-run screen was shown: never send this user to it again (server and this page). */
export async function markFirstRunWelcomed(): Promise<void> {
  checks.set(sessionKey(), Promise.resolve(false));
  await api.post("/api/admin/firstRun/welcomed", undefined, okSchema);
}

/**
 * Sends the first admin of a fresh install to the first-run screen, once, wherever they
 * land after verifying (onboarding leads to /apps, a later sign-in anywhere in the shell).
 * Only platform admins ask; everyone else never makes the request.
 */
export function useFirstRunRedirect(): void {
  const { account } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isAdmin = account?.isAdmin === true;

  useEffect(() => {
    if (!isAdmin || pathname === FIRST_RUN_PATH) return;
    let alive = true;
    void checkFirstRun().then((welcome) => {
      if (alive && welcome) navigate(FIRST_RUN_PATH);
    });
    return () => {
      alive = false;
    };
  }, [isAdmin, pathname, navigate]);
}
