/**
 * The methods of an entity handle (`Task.list` …) and of `User` in the SDK apps call. The
 * SDK's tests check its objects have exactly these; the validators (packages/compiler)
 * flag calls of anything else.
 */
export const ENTITY_METHOD_NAMES = [
  "list",
  "filter",
  "get",
  "create",
  "update",
  "delete",
  "bulkCreate",
  "deleteMany",
  "count",
  "schema",
  "subscribe",
] as const;

export const USER_METHOD_NAMES = [
  "me",
  "updateMe",
  "isAuthenticated",
  "login",
  "logout",
  "signup",
  "redirectToLogin",
] as const;
