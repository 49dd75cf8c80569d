import { AppError, type SessionResponse } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { resolveSession } from "../../http/session-middleware.ts";

/** Reads the session behind a bearer token and shapes the answer every session route gives. */
export async function sessionResponse(deps: Pick<Deps, "auth">, token: string): Promise<SessionResponse> {
  const info = await resolveSession(deps, new Headers({ authorization: `Bearer ${token}` }));
  if (!info) throw new AppError("UNAUTHORIZED", "Your session has expired, please log in again");
  return {
    token: info.session.token,
    expiresAt: info.session.expiresAt.toISOString(),
    // The contract's fields only (the stored admin grant is no client's business).
    user: {
      id: info.user.id,
      email: info.user.email,
      name: info.user.name,
      emailVerified: info.user.emailVerified,
      image: info.user.image,
    },
  };
}
