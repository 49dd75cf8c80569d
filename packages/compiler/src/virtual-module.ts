import { IDENTIFIER_PATTERN } from "@liftoff/domain";

const RUNTIME = "@liftoff/runtime";

/** Integration functions of `@/api/integrations`, each a call into `integrations.Core`. */
const CORE_FUNCTIONS = [
  "InvokeLLM",
  "UploadFile",
  "SendEmail",
  "GenerateImage",
  "ExtractDataFromUploadedFile",
  "UploadPrivateFile",
  "CreateFileSignedUrl",
];

export type VirtualModule = { kind: "module"; source: string } | { kind: "unknown-entity"; name: string };

/** Entity names that can be exports; `User` is the signed-in end user's handle, not a table. */
function exportableEntities(entityNames: string[]): string[] {
  return [...new Set(entityNames)].filter((name) => IDENTIFIER_PATTERN.test(name) && name !== "User").sort();
}

function entityModule(name: string): string {
  if (name === "User") return `import { User } from "${RUNTIME}";\nexport { User };\nexport default User;\n`;
  return `import { entities } from "${RUNTIME}";\nexport const ${name} = entities[${JSON.stringify(name)}];\nexport default ${name};\n`;
}

function entitiesModule(entityNames: string[]): string {
  const lines = [`import { entities, User } from "${RUNTIME}";`, "export { User };"];
  for (const name of exportableEntities(entityNames))
    lines.push(`export const ${name} = entities[${JSON.stringify(name)}];`);
  return `${lines.join("\n")}\n`;
}

function integrationsModule(): string {
  // Wrappers rather than re-bound methods: the SDK's Core may rely on `this`, and a lazy
  // lookup keeps a missing integration an error at call time, where the app can show it.
  const lines = [`import { integrations } from "${RUNTIME}";`, "export const Core = integrations.Core;"];
  for (const fn of CORE_FUNCTIONS)
    lines.push(`export const ${fn} = (...args) => integrations.Core.${fn}(...args);`);
  return `${lines.join("\n")}\n`;
}

/**
 * The generated module behind a virtual specifier (`@/entities/<Name>`, `@/api/entities`,
 * `@/api/integrations`, `@/api/client`, `@/api/app`, `@/lib/utils`, `@/utils`), an unknown entity, or
 * null when the specifier is not a virtual one. They are tiny and re-export the runtime
 * (`@liftoff/runtime`, a vendor module), so app code never holds platform logic.
 */
export function virtualModule(specifier: string, entityNames: string[]): VirtualModule | null {
  const entity = /^@\/entities\/([^/]+?)(\.js|\.json)?$/.exec(specifier);
  if (entity) {
    const name = entity[1]!;
    if (name === "User") return { kind: "module", source: entityModule("User") };
    if (!exportableEntities(entityNames).includes(name)) return { kind: "unknown-entity", name };
    return { kind: "module", source: entityModule(name) };
  }
  switch (specifier) {
    case "@/api/entities":
      return { kind: "module", source: entitiesModule(entityNames) };
    case "@/api/integrations":
      return { kind: "module", source: integrationsModule() };
    case "@/api/client":
      return {
        kind: "module",
        source: `import { client } from "${RUNTIME}";\nexport { client };\nexport default client;\n`,
      };
    case "@/api/app":
      return {
        kind: "module",
        source: `import { appInfo } from "${RUNTIME}";\nexport { appInfo };\nexport default appInfo;\n`,
      };
    case "@/lib/utils":
    case "@/utils":
      return { kind: "module", source: `export { cn, createPageUrl } from "${RUNTIME}";\n` };
    default:
      return null;
  }
}
