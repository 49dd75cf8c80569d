/** A name shortened and quoted for an error message, so a 10 kB key does not echo back whole. */
export function quoteName(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
}
