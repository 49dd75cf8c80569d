/**
 * Fields every row has, set by the server and never by a schema or a client write (spec
 * section 3 "Row fields", plus `updatedAt` from the entity issue). A schema may not declare
 * them, and validation drops them from input so a client cannot forge a creator or a date.
 */
export const BUILT_IN_ROW_FIELDS = ["id", "createdAt", "updatedAt", "creatorId"] as const;

export type BuiltInRowField = (typeof BUILT_IN_ROW_FIELDS)[number];
