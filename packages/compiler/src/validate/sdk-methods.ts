import { ENTITY_METHOD_NAMES, USER_METHOD_NAMES } from "@liftoff/domain";

/** What `Entity.x(` and `User.x(` may call (the SDK's tests pin the lists to its objects). */
export const ENTITY_METHODS: ReadonlySet<string> = new Set(ENTITY_METHOD_NAMES);
export const USER_METHODS: ReadonlySet<string> = new Set(USER_METHOD_NAMES);
