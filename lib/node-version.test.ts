import { describe, expect, it } from "vitest";
import packageJson from "@/package.json";
import { MINIMUM_NODE, unsupportedNode } from "./node-version";

describe("the Node.js the server needs", () => {
  it("is package.json's engines.node", () => {
    expect(packageJson.engines.node).toBe(`>=${MINIMUM_NODE.join(".")}`);
  });

  it("turns away an older Node.js with a message naming both versions and the README", () => {
    const message = unsupportedNode("v20.20.2");
    expect(message).toContain(`Node.js ${MINIMUM_NODE.join(".")} or later`);
    expect(message).toContain("v20.20.2");
    expect(message).toContain("README");
    expect(unsupportedNode(`${MINIMUM_NODE[0]}.${MINIMUM_NODE[1] - 1}.9`)).not.toBeNull();
  });

  it("accepts the minimum and anything newer", () => {
    expect(unsupportedNode(`${MINIMUM_NODE[0]}.${MINIMUM_NODE[1]}.0`)).toBeNull();
    expect(unsupportedNode(`v${MINIMUM_NODE[0]}.${MINIMUM_NODE[1] + 1}.0`)).toBeNull();
    expect(unsupportedNode("24.21.0")).toBeNull();
    expect(unsupportedNode(process.version)).toBeNull();
  });
});
