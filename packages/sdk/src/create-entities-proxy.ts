import { IDENTIFIER_PATTERN } from "@liftoff/domain";
import type { EntityHandle } from "./create-entity-handle.ts";
import { invalidArgument } from "./invalid-argument.ts";

/**
 * `client.entities`: any property is an entity of that name (`entities.Task`), so the
 * SDK needs no list of entities and a schema added by the chat is usable at once.
 * Handles are cached, so `entities.Task === entities.Task` and can sit in a React
 * dependency array.
 *
 * A name that is not identifier-like (`entities["my-task"]`) still gets a handle, whose
 * every method fails with an SdkError naming the problem. Throwing from the property
 * access itself would be earlier but would also break tools that probe objects for
 * optional properties (`$$typeof`, `asymmetricMatch`, `@@iterator` …) just by printing them.
 * Symbols and `then` are never entities: the proxy must not look like a promise.
 */
export function createEntitiesProxy<Name extends string>(
  create: (name: string) => EntityHandle,
): Record<Name, EntityHandle> {
  const handles = new Map<string, EntityHandle>();
  return new Proxy({} as Record<Name, EntityHandle>, {
    get(_target, property) {
      if (typeof property !== "string" || property === "then") return undefined;
      let handle = handles.get(property);
      if (!handle) {
        handle = IDENTIFIER_PATTERN.test(property) ? create(property) : invalidEntityHandle(property);
        handles.set(property, handle);
      }
      return handle;
    },
    set() {
      return false; // entities are defined by schemas on the server, not assigned
    },
  });
}

function invalidEntityHandle(name: string): EntityHandle {
  const error = () =>
    invalidArgument(
      `"${name.slice(0, 64)}" is not a valid entity name: names start with a letter and contain only letters, digits and underscores`,
    );
  const reject = async () => {
    throw error();
  };
  return {
    list: reject,
    filter: reject,
    get: reject,
    create: reject,
    update: reject,
    delete: reject,
    bulkCreate: reject,
    deleteMany: reject,
    count: reject,
    schema: reject,
    subscribe: () => {
      throw error();
    },
  };
}
