import { z } from "zod";
import { boundedText, itemId } from "./bounded-text.ts";
import { SAVED_APP_TEXT_LIMITS } from "./saved-app-limits.ts";

/** One page of a multi-step input form (spec section 3); fields name it by `stepId`. */
export const inputStepSchema = z.object({
  id: itemId("Step id"),
  title: boundedText("Step title", SAVED_APP_TEXT_LIMITS.stepTitle),
});
export type InputStep = z.infer<typeof inputStepSchema>;
