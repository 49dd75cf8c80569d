/**
 * A `Storage` kept in memory. Opaque-origin frames have no localStorage (reading it
 * throws), and apps written for normal pages use it freely, so the runtime puts this in
 * its place: seeded from the host's `init`, every change reported through `onChange` so
 * the host can persist it per app.
 */
export function createMemoryStorage(
  onChange?: (key: string, value: string | null) => void,
): Storage & { seed(entries: Record<string, string>): void } {
  const data = new Map<string, string>();
  const storage = {
    get length() {
      return data.size;
    },
    key(index: number) {
      return [...data.keys()][index] ?? null;
    },
    getItem(key: string) {
      return data.get(String(key)) ?? null;
    },
    setItem(key: string, value: string) {
      const k = String(key);
      const v = String(value);
      if (data.get(k) === v) return;
      data.set(k, v);
      onChange?.(k, v);
    },
    removeItem(key: string) {
      const k = String(key);
      if (!data.delete(k)) return;
      onChange?.(k, null);
    },
    clear() {
      const keys = [...data.keys()];
      data.clear();
      for (const key of keys) onChange?.(key, null);
    },
    /** Replaces the contents without reporting: this is the host's own copy coming in. */
    seed(entries: Record<string, string>) {
      data.clear();
      for (const [key, value] of Object.entries(entries)) data.set(key, String(value));
    },
  };
  // `localStorage.foo = "x"` and `localStorage.foo` work on real Storage; keep that.
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (typeof property === "symbol" || property in target) return Reflect.get(target, property, receiver);
      return target.getItem(property) ?? undefined;
    },
    set(target, property, value) {
      if (typeof property === "symbol" || property in target) return false;
      target.setItem(property, value);
      return true;
    },
    deleteProperty(target, property) {
      if (typeof property !== "symbol") target.removeItem(property);
      return true;
    },
    has(target, property) {
      return property in target || (typeof property === "string" && target.getItem(property) !== null);
    },
    ownKeys(target) {
      return [...Array.from({ length: target.length }, (_, i) => target.key(i) as string)];
    },
    getOwnPropertyDescriptor(target, property) {
      if (typeof property === "string" && !(property in target)) {
        const value = target.getItem(property);
        if (value !== null) return { value, writable: true, enumerable: true, configurable: true };
      }
      return undefined;
    },
  }) as Storage & { seed(entries: Record<string, string>): void };
}

/** Puts in-memory stores in place of `window.localStorage` and `window.sessionStorage`. */
export function installStorage(
  target: Window,
  onLocalChange: (key: string, value: string | null) => void,
): { local: ReturnType<typeof createMemoryStorage> } {
  const local = createMemoryStorage(onLocalChange);
  const session = createMemoryStorage();
  Object.defineProperty(target, "localStorage", { configurable: true, get: () => local });
  Object.defineProperty(target, "sessionStorage", { configurable: true, get: () => session });
  return { local };
}
