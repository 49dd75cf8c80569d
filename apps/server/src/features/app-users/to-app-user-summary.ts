import type { AppUserSummary } from "@liftoff/domain";

/** A row of the builder's App users panel, dates as ISO strings. */
export function toAppUserSummary(row: {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date | string;
  lastSeenAt: Date | string | null;
  disabled: boolean;
}): AppUserSummary {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt).toISOString(),
  };
}
