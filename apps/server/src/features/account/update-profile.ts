import type { Deps, SessionInfo } from "../../http/app-env.ts";

export async function updateProfile(options: {
  deps: Pick<Deps, "db">;
  session: SessionInfo;
  name: string;
}): Promise<void> {
  await options.deps.db
    .updateTable("users")
    .set({ name: options.name, updatedAt: new Date() })
    .where("id", "=", options.session.user.id)
    .execute();
}
