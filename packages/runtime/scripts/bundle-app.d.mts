export declare const APP_CHUNK_PREFIX: string;
/** A relay pack: module sources by URL or specifier, and the relayed frame's import map. */
export type ProductionPack = { modules: Record<string, string>; imports: Record<string, string> };
export declare function bundleAppForProduction(options: {
  appJs: string;
  runtimeUrl: string;
}): Promise<ProductionPack>;
