import type { EntityAccess } from "../entities/entity-permissions.ts";
import type { EntityCaller } from "./entity-caller.ts";

/** One side (read or write) of an entity's `permissions {read, write}` (spec section 3). */
export type AccessRule = EntityAccess;

/**
 * Which rows a caller may read, as a scope the data layer turns into SQL:
 * every row, only rows they created, or nothing.
 *
 * Semantics (the spec names the values; the combinations are ours, documented here):
 * - all: anyone, anonymous visitors included;
 * - admin: app admins only;
 * - creator: the row's creator; app admins see and change every row, since they run the app;
 * - none: nobody through the runtime API, admins included — only the builder's grid.
 */
export type ReadScope = { kind: "all" } | { kind: "creator"; userId: string } | { kind: "nothing" };

function isAdmin(caller: EntityCaller): boolean {
  return caller.kind === "builder" || (caller.kind === "user" && caller.isAppAdmin);
}

export function readScope(rule: AccessRule, caller: EntityCaller): ReadScope {
  if (caller.kind === "builder") return { kind: "all" };
  if (rule === "none") return { kind: "nothing" };
  if (rule === "all") return { kind: "all" };
  if (isAdmin(caller)) return { kind: "all" };
  if (rule === "creator" && caller.kind === "user") return { kind: "creator", userId: caller.userId };
  return { kind: "nothing" };
}

export function canReadRow(rule: AccessRule, caller: EntityCaller, creatorId: string | null): boolean {
  const scope = readScope(rule, caller);
  if (scope.kind === "all") return true;
  if (scope.kind === "creator") return creatorId !== null && creatorId === scope.userId;
  return false;
}

/** Creating needs write access; under 'creator' any signed-in user may create (and owns the row). */
export function canCreate(rule: AccessRule, caller: EntityCaller): boolean {
  if (caller.kind === "builder") return true;
  if (rule === "none") return false;
  if (rule === "all") return true;
  if (isAdmin(caller)) return true;
  return rule === "creator" && caller.kind === "user";
}

/** Updating or deleting an existing row. */
export function canWriteRow(rule: AccessRule, caller: EntityCaller, creatorId: string | null): boolean {
  if (caller.kind === "builder") return true;
  if (rule === "none") return false;
  if (rule === "all") return true;
  if (isAdmin(caller)) return true;
  return rule === "creator" && caller.kind === "user" && creatorId !== null && creatorId === caller.userId;
}

/**
 * Rows a caller may both see and change — the scope of bulk deletes: a row you cannot
 * read is never touched, even where the write rule alone would allow it.
 */
export function writeScope(read: AccessRule, write: AccessRule, caller: EntityCaller): ReadScope {
  const readable = readScope(read, caller);
  if (caller.kind === "builder") return { kind: "all" };
  let writable: ReadScope;
  if (write === "none") writable = { kind: "nothing" };
  else if (write === "all" || isAdmin(caller)) writable = { kind: "all" };
  else if (write === "creator" && caller.kind === "user")
    writable = { kind: "creator", userId: caller.userId };
  else writable = { kind: "nothing" };
  if (readable.kind === "nothing" || writable.kind === "nothing") return { kind: "nothing" };
  if (readable.kind === "creator") return readable;
  return writable;
}
