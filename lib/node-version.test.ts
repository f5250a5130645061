import { describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import { minimumNode, unsupportedNode } from "./node-version.mjs";

const RANGE = packageJson.engines.node;
const [major, minor] = minimumNode(RANGE);
const refusal = (version: string) => unsupportedNode(RANGE, version, "/usr/bin/node");

describe("the Node.js the site needs", () => {
  it("is package.json's engines.node", () => {
    expect(RANGE).toBe(`>=${major}.${minor}`);
    expect(minimumNode(">=22")).toEqual([22, 0]);
    expect(() => minimumNode("^22.18.0")).toThrow('engines.node is not ">=major.minor"');
  });

  it("turns away an older Node.js in one line naming both versions, the binary and the README", () => {
    const message = refusal("v20.20.2");
    expect(message).toContain(`Node.js ${major}.${minor} or later`);
    expect(message).toContain("v20.20.2 (/usr/bin/node)");
    expect(message).toContain("README");
    expect(message).not.toContain("\n");
    expect(refusal(`${major}.${minor - 1}.9`)).not.toBeNull();
    expect(refusal(`${major - 1}.${minor + 5}.0`)).not.toBeNull();
  });

  it("accepts the minimum and anything newer", () => {
    expect(refusal(`${major}.${minor}.0`)).toBeNull();
    expect(refusal(`v${major}.${minor + 1}.0`)).toBeNull();
    expect(refusal(`${major + 2}.0.0`)).toBeNull();
    expect(refusal(process.version)).toBeNull();
  });
});
