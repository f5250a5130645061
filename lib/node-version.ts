import packageJson from "@/package.json";

/**
 * The oldest Node.js the server runs on, from package.json's `engines.node`: older ones do not
 * strip TypeScript's types (README, "Requirements"). `.ci/run` repeats the check in JavaScript.
 */
export const MINIMUM_NODE = parseMinimum(packageJson.engines.node);

function parseMinimum(range: string): [number, number] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
  if (!match) throw new Error(`package.json engines.node is not ">=major.minor": "${range}"`);
  return [Number(match[1]), Number(match[2] ?? 0)];
}

/** A message saying why this Node.js cannot run the server, or null if it can. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `This server needs Node.js ${needMajor}.${needMinor} or later (npm start runs TypeScript with Node's own type stripping); this is Node.js ${version}. README, "Requirements", says how to get it.`;
}
