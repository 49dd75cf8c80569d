/** The one wording of an import that is neither an app file nor an available package. */
export function unresolvedMessage(specifier: string): string {
  return `Cannot resolve '${specifier}': not an app file or an available package`;
}
