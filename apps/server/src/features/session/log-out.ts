import type { Deps } from "../../http/app-env.ts";

/** Ends the session behind the token; a missing or expired session is already logged out. */
export async function logOut({
  deps,
  sessionToken,
}: {
  deps: Pick<Deps, "db">;
  sessionToken: string;
}): Promise<void> {
  await deps.db.deleteFrom("sessions").where("token", "=", sessionToken).execute();
}
