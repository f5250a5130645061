// The types of node-version.mjs, plain JavaScript so that an older Node can load it.
export function minimumNode(range: string): [number, number];
export function unsupportedNode(range: string, version: string, executable: string): string | null;
