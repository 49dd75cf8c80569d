export declare const APP_CHUNK_PREFIX: string;
/** A relay pack: module sources by import-map URL or specifier, and the chunks' import map entries. */
export type ProductionPack = { modules: Record<string, string>; imports: Record<string, string> };
export declare function bundleAppForProduction(options: {
  appJs: string;
  runtimeUrl: string;
}): Promise<ProductionPack>;
