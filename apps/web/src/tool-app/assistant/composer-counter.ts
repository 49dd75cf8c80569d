import { ASSISTANT_MESSAGE_MAX_LENGTH } from "@liftoff/domain";

/** From how many characters the counter shows: near the cap, not before (quiet otherwise). */
export const COUNTER_FROM = ASSISTANT_MESSAGE_MAX_LENGTH - 500;

/** The composer's counter ('3,612 / 4,000'), or null while the message is well under the cap. */
export function composerCounter(
  length: number,
  max: number = ASSISTANT_MESSAGE_MAX_LENGTH,
): { text: string; over: boolean } | null {
  if (length < max - 500) return null;
  const format = (n: number) => n.toLocaleString("en-US");
  return { text: `${format(length)} / ${format(max)}`, over: length >= max };
}
