import { describe, expect, it } from "vitest";
import { diskSpace, lowSpaceEpisodes, type DiskSpace } from "./disk-space";

const sample = (freeMb: number): DiskSpace => ({
  folder: "/srv/data",
  freeMb,
  totalMb: 10_000,
  lowBelowMb: 1000,
  low: freeMb < 1000,
});

/** Lets the episode's pending `tell` settle. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("low disk space", () => {
  it("is the data folder's space as PostgreSQL may use it, or null with no folder here", async () => {
    const measure = async () => ({ bavail: 3 * 256, blocks: 40 * 256, bsize: 4096 });
    expect(await diskSpace({ dataDir: "/srv/data", minFreeMb: 5 }, measure)).toEqual({
      folder: "/srv/data",
      freeMb: 3,
      totalMb: 40,
      lowBelowMb: 5,
      low: true,
    });
    expect(await diskSpace({ dataDir: null, minFreeMb: 5 }, measure)).toBeNull();
    const missing = await diskSpace({ dataDir: "/srv/none", minFreeMb: 5 }, async () => {
      throw new Error("ENOENT: no such file or directory");
    });
    expect(missing).toEqual({
      folder: "/srv/none",
      problem: "cannot read its free space: Error: ENOENT: no such file or directory",
    });
  });

  it("tells the owner once per episode, which ends 10% above the line", async () => {
    const told: number[] = [];
    const episodes = lowSpaceEpisodes(async (disk) => {
      if ("freeMb" in disk) told.push(disk.freeMb);
      return true;
    });
    for (const [freeMb, at] of [
      [5000, 0],
      [900, 1],
      [800, 2],
      // Back over the line, but not by its margin: the same episode.
      [1050, 3],
      [950, 4],
    ] as const) {
      episodes(sample(freeMb), at * 120_000);
      await settled();
    }
    expect(told).toEqual([900]);
    episodes(sample(1100), 600_000);
    episodes(sample(700), 720_000);
    await settled();
    expect(told).toEqual([900, 700]);
  });

  it("tries a failed e-mail again a minute later, not at every write", async () => {
    let attempts = 0;
    let through = false;
    const episodes = lowSpaceEpisodes(async () => {
      attempts += 1;
      return through;
    });
    episodes(sample(500), 0);
    await settled();
    episodes(sample(500), 59_999);
    await settled();
    expect(attempts).toBe(1);
    through = true;
    episodes(sample(500), 60_000);
    await settled();
    episodes(sample(500), 200_000);
    await settled();
    expect(attempts).toBe(2);
  });
});
