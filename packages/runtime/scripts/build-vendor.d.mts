import type { VendorManifest } from "@liftoff/domain";

export declare const vendorDir: string;
export declare const manifestPath: string;
export declare function vendorSources(): string[];
export declare function isVendorBuildStale(): boolean;
export declare function buildVendor(options?: { log?: (line: string) => void }): Promise<VendorManifest>;
