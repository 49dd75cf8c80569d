import type { AppUserSummary } from "@liftoff/domain";

/** The panel's search: by e-mail or name, case-insensitive, ignoring surrounding spaces. */
export function filterAppUsers(users: readonly AppUserSummary[], query: string): AppUserSummary[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter(
    (user) => user.email.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle),
  );
}
