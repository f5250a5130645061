import packageJson from "@/package.json";

const range = /^>=\s*(\d+)(?:\.(\d+))?/.exec(packageJson.engines.node);
if (!range) throw new Error(`package.json engines.node is not ">=major.minor"`);

/**
 * The oldest Node.js the server runs on, from package.json's `engines.node`: older ones do not
 * strip TypeScript's types (README, "Requirements"). `.ci/run` repeats the check in JavaScript.
 */
export const MINIMUM_NODE = [Number(range[1]), Number(range[2] ?? 0)] as const;

/** A message saying why this Node.js cannot run the server, or null if it can. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `This server needs Node.js ${needMajor}.${needMinor} or later (npm start runs TypeScript with Node's own type stripping); this is Node.js ${version}. README, "Requirements", says how to get it.`;
}
