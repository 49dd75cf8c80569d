/**
 * How deep a JSON request body may nest (objects and arrays). No product payload comes near
 * it (an entity schema with nested object fields is about a dozen levels); bodies nested
 * thousands deep overflowed validators and Postgres' jsonb parser into 500s (issue 12), so
 * they are refused at the edge with a 400.
 */
export const JSON_MAX_DEPTH = 64;
