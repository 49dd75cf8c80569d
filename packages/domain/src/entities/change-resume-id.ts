import { z } from "zod";

/** The largest change sequence number: entity_changes.seq is a Postgres bigint (int8). */
export const CHANGE_SEQ_MAX = 9_223_372_036_854_775_807n;

export const RESUME_ID_MESSAGE = `must be a change sequence number (a whole number from 0 to ${CHANGE_SEQ_MAX})`;

/**
 * A realtime resume id (`Last-Event-ID`, or `?lastEventId=`): the sequence number of the
 * last change the client saw. Anything else — beyond int8, negative, signs, spaces, other
 * digits, NUL — is refused with a 400 before a subscription exists, instead of reaching the
 * database on the next change (issue 12: a value beyond int8 made every later change fail
 * outside any request and ended the process). An empty value means "no resume", as for an
 * EventSource that never received an id.
 */
export const changeResumeIdSchema = z.string().refine(isResumeId, { message: RESUME_ID_MESSAGE });

function isResumeId(value: string): boolean {
  return value === "" || (/^\d{1,19}$/.test(value) && BigInt(value) <= CHANGE_SEQ_MAX);
}
