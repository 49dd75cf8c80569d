import { PLAN_IDS, type PlanId } from "@liftoff/domain";

export type PlanOption = { value: "" | PlanId; label: string };

function capitalise(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** Options of the admin plan picker: 'No plan' (stored as null), then the ladder lowest first. */
export const ADMIN_PLAN_OPTIONS: readonly PlanOption[] = [
  { value: "", label: "No plan (free)" },
  ...PLAN_IDS.map((id) => ({ value: id, label: id === "lite" ? "Lite (free)" : capitalise(id) })),
];

/** The select's value back to the API's `plan` (null for 'No plan'). */
export function planFromOption(value: string): PlanId | null {
  return (PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : null;
}
