import {
  type Account,
  AppError,
  accountSchema,
  type SessionResponse,
  type SessionUser,
  sessionResponseSchema,
} from "@liftoff/domain";
import { Spinner } from "@liftoff/ui";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { api, setSessionUser } from "./api.ts";
import { dropLegacyTokenCookie } from "./token-cookie.ts";

/** Spec section 9: the session is refreshed every 3,000,000 ms (50 minutes). */
export const TOKEN_REFRESH_MS = 3_000_000;

export type SessionStatus = "loading" | "signedOut" | "signedIn";

export type SessionValue = {
  status: SessionStatus;
  user: SessionUser | null;
  account: Account | null;
  /** Stores a session answer (login, sign-up, social, refresh) and loads the account. */
  setSession(res: SessionResponse): Promise<Account | null>;
  signOut(): Promise<void>;
  /** Re-reads the account (and the user's name / e-mail / verification from it). */
  refreshAccount(): Promise<Account | null>;
  /** Asks the server to renew the session (and its cookie), then reloads the account. */
  refreshSession(): Promise<{ user: SessionUser; account: Account | null } | null>;
};

const SessionContext = createContext<SessionValue | null>(null);

type State = {
  status: SessionStatus;
  user: SessionUser | null;
  account: Account | null;
};

const SIGNED_OUT: State = { status: "signedOut", user: null, account: null };

/** GET /api/account/current; null while the account does not exist yet (just signed up). */
async function loadAccount(): Promise<Account | null> {
  try {
    return await api.get("/api/account/current", accountSchema);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 401)) return null;
    throw error;
  }
}

function userWithAccount(user: SessionUser, account: Account | null): SessionUser {
  if (!account) return user;
  return { ...user, email: account.email, name: account.name, emailVerified: account.emailVerified };
}

/**
 * The signed-in user. The session itself is the server's HttpOnly cookie (set by sign-in,
 * sign-up and OAuth, cleared by logout): nothing here holds or could leak a session
 * token. Whether there is one is only known by asking, so every load starts with
 * POST /api/session/refresh.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ status: "loading", user: null, account: null });
  const userIdRef = useRef<string | null>(null);

  const clear = useCallback(() => {
    userIdRef.current = null;
    setSessionUser(null);
    setState(SIGNED_OUT);
  }, []);

  const setSession = useCallback(async (res: SessionResponse) => {
    userIdRef.current = res.user.id;
    setSessionUser(res.user.id);
    let account: Account | null = null;
    try {
      account = await loadAccount();
    } catch {
      account = null;
    }
    setState({ status: "signedIn", user: userWithAccount(res.user, account), account });
    return account;
  }, []);

  const refreshSession = useCallback(async () => {
    try {
      const res = await api.post("/api/session/refresh", undefined, sessionResponseSchema);
      const account = await setSession(res);
      return { user: userWithAccount(res.user, account), account };
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 403)) clear();
      throw error;
    }
  }, [setSession, clear]);

  const refreshAccount = useCallback(async () => {
    const userId = userIdRef.current;
    if (!userId) return null;
    const account = await loadAccount();
    setState((prev) =>
      prev.user?.id === userId ? { ...prev, account, user: userWithAccount(prev.user, account) } : prev,
    );
    return account;
  }, []);

  const signOut = useCallback(async () => {
    clear();
    try {
      // Ends the session and clears the cookie.
      await api.post("/api/session/logout");
    } catch {
      // The local state is gone either way; an expired server session is fine.
    }
  }, [clear]);

  // Find out on first load whether the cookie holds a session.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    dropLegacyTokenCookie();
    refreshSession().catch(() => {
      // No session, or the server is unreachable: start signed out (a 401 already cleared it).
      setState((prev) => (prev.status === "loading" ? SIGNED_OUT : prev));
    });
  }, [refreshSession]);

  // Keep the session fresh while signed in.
  const signedIn = state.status === "signedIn";
  useEffect(() => {
    if (!signedIn) return;
    const id = window.setInterval(() => {
      refreshSession().catch(() => {});
    }, TOKEN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [signedIn, refreshSession]);

  const value = useMemo<SessionValue>(
    () => ({ ...state, setSession, signOut, refreshAccount, refreshSession }),
    [state, setSession, signOut, refreshAccount, refreshSession],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center text-muted-foreground">
      <Spinner size="md" label={label} />
    </div>
  );
}

/** Signed-in routes: signed-out visitors go to /login?redirectTo=<where they were>. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signedOut") {
    const redirectTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`} replace />;
  }
  return children ?? <Outlet />;
}

/** Admin-only routes: others are sent to /apps. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, account } = useSession();
  if (status === "loading") return <FullPageSpinner />;
  if (status === "signedOut") return <RequireAuth>{children}</RequireAuth>;
  if (!account?.isAdmin) return <Navigate to="/apps" replace />;
  return children ?? <Outlet />;
}
