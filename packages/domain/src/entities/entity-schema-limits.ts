/**
 * Bounds on an entity schema. They keep validation, the grid and the filter compiler cheap
 * and predictable whatever a model or a builder writes.
 */
export const ENTITY_SCHEMA_LIMITS = {
  /** Characters in an entity or field name. */
  nameMax: 64,
  /** Fields in one entity, nested fields included: the grid shows them all as columns. */
  fieldsMax: 200,
  /**
   * Levels of fields: top-level fields are level 1, properties of an object field or the
   * items of an array field one level deeper. A field at the last level cannot have
   * `properties` or `items` of its own (a free-form object or array is still allowed).
   */
  nestingMax: 3,
  /** Options of one enum. */
  enumMax: 200,
  /** Characters of one enum option. */
  enumOptionMax: 200,
  /** Characters of a field or entity description. */
  descriptionMax: 1_000,
  /** Declared indexes of one entity (each one is an expression index over all apps' rows). */
  indexesMax: 8,
  /** Fields in one declared index. */
  indexFieldsMax: 4,
} as const;
