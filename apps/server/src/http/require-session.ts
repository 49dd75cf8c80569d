import { AppError } from "@liftoff/domain";
import type { Context } from "hono";
import type { AppEnv, Deps, SessionInfo } from "./app-env.ts";
import { isPlatformAdmin } from "./is-platform-admin.ts";

export function requireSession(c: Context<AppEnv>): SessionInfo {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHORIZED", "Please log in to continue");
  return session;
}

export function requireAdmin(c: Context<AppEnv>, deps: Pick<Deps, "config">): SessionInfo {
  const session = requireSession(c);
  if (!isPlatformAdmin(deps, session.user))
    throw new AppError("FORBIDDEN", "Only platform admins can do this");
  return session;
}
