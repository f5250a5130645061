import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

/** A send whose calls each wait until the test lets them answer. */
function heldSends() {
  const started: string[] = [];
  const answers: (() => void)[] = [];
  const send = (value: string) =>
    new Promise<void>((resolve) => {
      started.push(value);
      answers.push(resolve);
    });
  return { started, answer: (i: number) => answers[i]?.(), send };
}

describe("oneAtATime", () => {
  it("starts the next change only after the one on its way answered, and skips to the latest", async () => {
    const { started, answer, send } = heldSends();
    const push = oneAtATime(send);
    void push("monthly");
    const done = push("quarterly");
    void push("biannual");
    await Promise.resolve();
    // The first is slow: nothing else goes while it is on its way.
    expect(started).toEqual(["monthly"]);
    answer(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Quarterly was overtaken while it waited: only the last choice follows.
    expect(started).toEqual(["monthly", "biannual"]);
    answer(1);
    await done;
    expect(started).toEqual(["monthly", "biannual"]);
  });

  it("sends again after going idle, and a failed send does not stop the next", async () => {
    const sent: string[] = [];
    const push = oneAtATime(async (value: string) => {
      sent.push(value);
      if (value === "bad") throw new Error("offline");
    });
    await expect(push("bad")).rejects.toThrow("offline");
    await push("good");
    expect(sent).toEqual(["bad", "good"]);
  });
});
