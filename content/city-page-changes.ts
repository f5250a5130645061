/**
 * When each city page's content last changed, for its sitemap `lastmod` (docs/pages.md,
 * "Sitemap"), beside the sha256 of that content; lib/seo/city-page-changes.test.ts fails when a
 * page's content no longer matches its hash, and names the new one: set `changed` to that day.
 * (A shallow clone has no history to date pages from.)
 */
export type PageChange = { changed: `${number}-${number}-${number}`; sha256: string };

export const CITY_PAGE_CHANGES: Readonly<Record<string, PageChange>> = {
  "land-o-lakes": {
    changed: "2026-12-07",
    sha256: "2f76ebdbaadf8c94755ad2d03eb5b130945552d836ef51457d4201fd9df41486",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "419f665bba1e89992463f28f95c7fa38ebea5b997bec0b1ba705e4595692d00a",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "cb230f0bf844eeaa84947bdefec83151ca7eea31324f95cca8a4ca675092ac18",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "5e1bea37cd1c6c6d4ccd1a0dbda751a55dfa7accbfe10739809ee18766d0eee6",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "cbf0aadeff3e0d6caa11c27bf4ba088b78a3c30ea4b46c081415b1e45a714091",
  },
  "st-pete": {
    changed: "2026-12-07",
    sha256: "7e020417040347a59f49bb6168ecb0fa4ae2857c0ea8eef2b8aa29a4a69b040a",
  },
  "palm-harbor": {
    changed: "2026-12-07",
    sha256: "63b0338fa5ebe363d1dcf3f037063a8e4ea4ad727599199c11939371d4853d46",
  },
  "tarpon-springs": {
    changed: "2026-12-07",
    sha256: "fde0813f55cc28baa0cd6ec3fd20bed208c0667a4e67c01b8e043035b9c42ed6",
  },
  odessa: {
    changed: "2026-12-07",
    sha256: "ea0d20f90e9df6b391dca7a4b512c04efab0c555a85d8ba2a24196fe8a7e4483",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "a9587e5f8c419c1166b056cfda4ec284979e0edf232fa35f3747dfe1603b6140",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "a242699e19c61e4b1202aaa8cea2f5c1801a4b992774642a1a5df309878b655c",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "30b6bdb070b03d305eef3d42241dc887202cb06f363186afdd05e698caccd6d4",
  },
  largo: {
    changed: "2026-12-07",
    sha256: "7de5d9b4dbd7d663cd08ad49fdb07d45f78d35c84177b116a9ef529dab6cbe92",
  },
  "safety-harbor": {
    changed: "2026-12-07",
    sha256: "758b71dd16ba99a09bca019205bda4e6042d47dcf59aaacae7ff51b3b270bd05",
  },
  thonotosassa: {
    changed: "2026-12-07",
    sha256: "70ab8ce4636fa77e5206f376b119086135ee680a9e35ec8afff6228a7d57e9e9",
  },
  zephyrhills: {
    changed: "2026-12-07",
    sha256: "95e50fa017409a9829515b58fa48141a8e309ae4709149df507dcee6de250416",
  },
  "spring-hill": {
    changed: "2026-12-07",
    sha256: "650ef7068c8e90f8e3d747267afc02c2d82e04c473c0b659729964f4c1c1c362",
  },
  hudson: {
    changed: "2026-12-07",
    sha256: "3dcb03485aefa1ecd7d1fef2fd0a41eb34bee8ca1a539c747a6a4ac880c5d49a",
  },
  brooksville: {
    changed: "2026-12-07",
    sha256: "8f977ff7fbe9b0edd47cc4519fcb77bca1eafcbd31fc22298b6a6745e0444733",
  },
  "hernando-beach": {
    changed: "2026-12-07",
    sha256: "7acfed16b79526a34c59a0c6517593fa2e9fddd0901a84bb512f8a3d0ba30c0d",
  },
  "madeira-beach": {
    changed: "2026-12-07",
    sha256: "9fde030b4243977fb8318c345165355623eb0b373f4ffa37544cc8fb3c6b65ee",
  },
  belleair: {
    changed: "2026-12-07",
    sha256: "c0107d649edf3b64cd521fbefd4c9b29f5e6e11809c9cced917e8b65bf230ef7",
  },
  "indian-rocks": {
    changed: "2026-12-07",
    sha256: "67ae37f9188773d0ee967c49e9e33c3f6b97affe8130d0e28ac02c2e38667eb7",
  },
  "apollo-beach": {
    changed: "2026-12-07",
    sha256: "20ac2c1927328d8027db6c9199485ea53fbf03682ce445728edf69d2a4015722",
  },
  oldsmar: {
    changed: "2026-12-07",
    sha256: "6253094c79fa1b83c6a0cde8306b97d7f1a8e918898a4316cbfec1a348e241eb",
  },
  "dade-city": {
    changed: "2026-12-07",
    sha256: "66bc710bf141d26bdd7fd911e2ca0fa12da5686d8bf0f3b65c243a44fafa8c50",
  },
  dunedin: {
    changed: "2026-12-07",
    sha256: "b5f42d7c6356868b8658bddb05e0d41b7aef5789e89ca8121c860f4d73757392",
  },
  "pinellas-park": {
    changed: "2026-12-07",
    sha256: "6d41de64e5037c7e7c8753f23817b2c565a5ffa39488b8bcf6ac3f7c64bbb161",
  },
};
