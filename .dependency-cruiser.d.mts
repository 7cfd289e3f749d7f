// The rule file's exports as scripts/check-layers.ts reads them (the rule file is plain JS, checked by @ts-check).
import type { IConfiguration } from 'dependency-cruiser';

export declare const ELECTRON: string;
export declare const CLASSES: { name: string; path: string; comment: string }[];
declare const config: IConfiguration;
export default config;
