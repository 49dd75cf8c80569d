import {
  APP_USER_BUILT_IN_FIELDS,
  APP_USER_DATA_MAX_BYTES,
  APP_USER_MESSAGES,
  AppError,
  type AppUser,
  hasUnstorableText,
} from "@liftoff/domain";
import type { Deps } from "../../http/app-env.ts";
import type { AppTokenClaims } from "../app-tokens/app-token.ts";
import { assertValidRow } from "../entities/assert-valid-row.ts";
import { loadEntity } from "../entities/load-entity.ts";
import { toAppUser } from "./to-app-user.ts";

const NAME_FIELDS = new Set(["full_name", "name"]);
const RESERVED = APP_USER_BUILT_IN_FIELDS.filter((f) => !NAME_FIELDS.has(f)) as readonly string[];

async function userEntitySchema(deps: Pick<Deps, "db">, appId: string) {
  try {
    return (await loadEntity(deps.db, appId, "User")).schema;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/**
 * updateMe: the name, plus the app's own fields in app_users.data. When the app declares a
 * `User` entity its schema validates them (undeclared fields are dropped, as for any
 * entity write); otherwise any JSON is kept within 10 KB. Built-in fields (e-mail, role,
 * verification) are refused, not ignored: an app must not believe it changed a role.
 * A null value removes a custom field.
 */
export async function updateAppUserMe(options: {
  deps: Pick<Deps, "db">;
  claims: AppTokenClaims;
  body: Record<string, unknown>;
}): Promise<AppUser> {
  const { deps, claims } = options;
  if (claims.kind === "admin") throw new AppError("FORBIDDEN", APP_USER_MESSAGES.adminPreviewProfile);
  const { full_name: fullName, name, ...custom } = options.body;
  const refused = Object.keys(custom).filter((f) => RESERVED.includes(f));
  if (refused.length > 0)
    throw new AppError("VALIDATION_FAILED", `${APP_USER_MESSAGES.reservedFields}: ${refused.join(", ")}`);
  const newName = fullName ?? name;
  if (newName !== undefined && (typeof newName !== "string" || !newName.trim() || newName.length > 120))
    throw new AppError("VALIDATION_FAILED", "full_name must be a non-empty text of at most 120 characters");

  const row = await deps.db
    .selectFrom("app_users")
    .selectAll()
    .where("id", "=", claims.subjectId)
    .where("appId", "=", claims.appId)
    .executeTakeFirst();
  if (!row) throw new AppError("UNAUTHORIZED", "Please log in to continue");

  const schema = await userEntitySchema(deps, claims.appId);
  const changes = schema ? assertValidRow(schema, custom, "update") : custom;
  const data: Record<string, unknown> = { ...row.data };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete data[field];
    else data[field] = value;
  }
  const bad = Object.keys(data).filter((f) => hasUnstorableText(data[f]));
  if (bad.length > 0)
    throw new AppError("VALIDATION_FAILED", `${bad[0]} must be valid Unicode text without NUL characters`);
  const serialized = JSON.stringify(data);
  if (Buffer.byteLength(serialized) > APP_USER_DATA_MAX_BYTES)
    throw new AppError("PAYLOAD_TOO_LARGE", APP_USER_MESSAGES.dataTooLarge);

  const updated = await deps.db
    .updateTable("app_users")
    .set({
      data: serialized,
      updatedAt: new Date(),
      ...(typeof newName === "string" ? { name: newName.trim() } : {}),
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAppUser(updated);
}
