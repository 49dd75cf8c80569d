import type { Database, DatabaseKind } from "@liftoff/db";
import type { Kysely } from "kysely";
import type { Auth } from "../auth/create-auth.ts";
import type { Config } from "../config.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { ChangeBus } from "../realtime/change-bus.ts";

/** What every route needs, built once at boot and passed down (no globals). */
export type Deps = {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  auth: Auth;
  mailer: Mailer;
  bus: ChangeBus;
};

export type SessionInfo = {
  user: { id: string; email: string; name: string; emailVerified: boolean; image: string | null };
  session: { id: string; token: string; expiresAt: Date };
};

export type AppEnv = { Variables: { session: SessionInfo | null } };
