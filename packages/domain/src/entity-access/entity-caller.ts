/**
 * Who is calling the entity API. Three kinds, decided by the server from the session:
 * - anonymous: a visitor of a published app who is not signed in;
 * - user: a signed-in app user (today a platform user; end-user accounts of an app arrive
 *   with space apps and map to the same shape), with `isAppAdmin` for the app's owner,
 *   its collaborators and platform admins;
 * - builder: the owner working in the builder's own Database panel, where even 'none'
 *   entities stay editable (spec: "the builder's own grid still works").
 */
export type EntityCaller =
  | { kind: "anonymous" }
  | { kind: "user"; userId: string; isAppAdmin: boolean }
  | { kind: "builder"; userId: string };

export const ANONYMOUS: EntityCaller = Object.freeze({ kind: "anonymous" });

/** The id recorded as creatorId on rows this caller creates (null for anonymous). */
export function callerUserId(caller: EntityCaller): string | null {
  return caller.kind === "anonymous" ? null : caller.userId;
}
