/**
 * Ids made unique in list order: the first keeps its id, a later copy gets '-2', '-3'…
 * Old documents were hand-edited and copy-pasted, so a repeated id must not make a step,
 * block or tool unreachable.
 */
export function dedupeIds(ids: readonly string[], maxLength: number): string[] {
  const taken = new Set<string>();
  return ids.map((id) => {
    let candidate = id;
    for (let n = 2; taken.has(candidate); n++) candidate = `${id.slice(0, maxLength - `-${n}`.length)}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}
