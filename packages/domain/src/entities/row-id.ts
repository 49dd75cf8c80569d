import { z } from "zod";

/**
 * What a record id can look like. Ids are made by the server (UUIDs; see newRowId), so one
 * outside this shape names no record: it is refused at the edge with a 400 instead of being
 * sent to the database, where a NUL in one id failed the shared read of every other
 * request of the same turn (issue 12, item 7).
 */
export const ROW_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const rowIdSchema = z
  .string()
  .regex(ROW_ID_PATTERN, { message: "must be a record id (letters, digits, '-' or '_', at most 100)" });
