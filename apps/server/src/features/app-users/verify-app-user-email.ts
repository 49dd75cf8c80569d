import { APP_USER_MESSAGES, AppError } from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import { consumeAppUserCode } from "./consume-app-user-code.ts";

/** The verification link's code marks the user's address as verified (once). */
export async function verifyAppUserEmail(options: {
  deps: Pick<Deps, "db">;
  appId: string;
  oobCode: string;
}): Promise<void> {
  const { deps, appId } = options;
  const userId = await consumeAppUserCode(deps.db, appId, "verify", options.oobCode);
  if (!userId) throw new AppError("LINK_INVALID", APP_USER_MESSAGES.verifyLinkInvalid);
  await deps.db
    .updateTable("app_users")
    .set({ emailVerified: true, updatedAt: new Date() })
    .where("id", "=", userId)
    .execute();
}
