// Plain JavaScript, so that the entry points (scripts/bin/) can say this on a Node too old for TypeScript.

/**
 * The oldest Node.js the site runs on: [major, minor] of `range`, package.json's `engines.node`
 * (">=major.minor"), the rule's one owner.
 * @param {string} range
 * @returns {[number, number]}
 */
export function minimumNode(range) {
  const need = /^>=\s*(\d+)(?:\.(\d+))?$/.exec(range.trim());
  if (!need) throw new Error(`package.json engines.node is not ">=major.minor": ${range}`);
  return [Number(need[1]), Number(need[2] || 0)];
}

/**
 * One line saying why this Node.js cannot run the site, or null if it can.
 * @param {string} range package.json's `engines.node`
 * @param {string} version `process.version`
 * @param {string} executable `process.execPath`, named so that a cron job's owner sees which Node ran
 * @returns {string | null}
 */
export function unsupportedNode(range, version, executable) {
  const [needMajor, needMinor] = minimumNode(range);
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Suncoast Shine needs Node.js ${needMajor}.${needMinor} or later (package.json engines.node); this is Node.js ${version} (${executable}). README, "Requirements", says how to get it.`;
}
