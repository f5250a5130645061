import path from "node:path";
import { onTestFinished } from "vitest";
import { openLeadInbox, type LeadInbox } from "@/lib/leads/inbox";
import { testDir } from "./temp-dir";

/**
 * A fresh lead inbox for the running test (call it in the test or its `beforeEach`), in its own
 * folder (`testDir`), closed when the test finishes and then removed with the folder.
 */
export function testInbox(prefix: string): LeadInbox {
  const inbox = openLeadInbox(path.join(testDir(prefix), "leads.db"));
  onTestFinished(() => inbox.close());
  return inbox;
}
