import { z } from "zod";

/** The plan ladder, lowest first. Order matters: plans compare at-or-above by index. */
export const PLAN_IDS = [
  "lite",
  "explorer",
  "builder",
  "monetizer",
  "business",
  "master",
  "moon",
  "spaceship",
  "galaxy",
] as const;

export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;
