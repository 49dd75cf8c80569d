/**
 * The shape of entity and field names: letters, digits and underscores, starting with a
 * letter. Names travel into URLs (/entities/{name}), JSON paths of the filter compiler and
 * generated code (`entities.Task.list()`), so they must be valid identifiers everywhere.
 * Requiring a leading letter also rules out `__proto__` and friends as field names.
 */
export const IDENTIFIER_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
