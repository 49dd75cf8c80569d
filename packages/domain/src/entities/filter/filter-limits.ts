/**
 * Hard limits of the filter language. They bound the work one request can cause — parsing,
 * the size of the compiled SQL and the cost of evaluating it per row — so a hostile `q`
 * is a 400, never a slow query or a 500.
 */
export const FILTER_LIMITS = {
  /** Nesting of filter objects: the root is level 1, each $and/$or/$nor entry and $not one deeper. Values nest at most as deep. */
  maxDepth: 8,
  /** Conditions and logical operators in one filter, counted together. */
  maxClauses: 100,
  /** Values in one $in, $nin, $all or plain-array ('in') list, and items of one array or object value. */
  maxListValues: 500,
  /**
   * $regex conditions in one filter. Each is evaluated per candidate row, at 5–80 µs a row
   * on the embedded database (docs/security/denial-of-service.md); 99 of them in an $or
   * froze the process for minutes. Their total cost is also budgeted (filterRowCost).
   */
  maxRegexClauses: 4,
  /** Characters of a $regex pattern. */
  maxRegexLength: 200,
  /** Largest count of a regex repetition such as a{2,100}. */
  maxRegexRepeat: 100,
  /** Size of a regex after counted repetitions are expanded (automaton states). */
  maxRegexProgram: 2_000,
  /** Characters of one string value (and of one object key inside a value). */
  maxStringLength: 10_000,
  /** Characters of the `q` query parameter. */
  maxParamLength: 20_000,
  /** Characters of a field name, dots included. */
  maxFieldLength: 200,
  /** Segments of a dot path such as address.city. */
  maxPathSegments: 8,
} as const;

/** Keys one sort may name. */
export const SORT_MAX_KEYS = 5;
