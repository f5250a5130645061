/**
 * When each city page's content last changed, for its sitemap `lastmod` (docs/pages.md,
 * "Sitemap"), beside the sha256 of that content; lib/seo/city-page-changes.test.ts fails when a
 * page's content no longer matches its hash, and names the new one: set `changed` to that day.
 * (A shallow clone has no history to date pages from.)
 */
export type PageChange = { changed: `${number}-${number}-${number}`; sha256: string };

export const CITY_PAGE_CHANGES: Readonly<Record<string, PageChange>> = {
  "land-o-lakes": {
    changed: "2026-12-08",
    sha256: "7aac471244aa1b3daa4eba5334cab06ca8c8216070c2425dfbbd85076c3a2737",
  },
  tampa: {
    changed: "2026-12-08",
    sha256: "36ec9451f3fb8f42855396ca70e9054c999ef7a07e880a6b4e447a7f004883b7",
  },
  "wesley-chapel": {
    changed: "2026-12-08",
    sha256: "10614868ec8d062da94c605ca30aa3066e345bbf51dcdb96d888c4ea8bfb9cdb",
  },
  lutz: {
    changed: "2026-12-08",
    sha256: "b4808ef190fec00132e1cddcdbe1a67563c33c66656ae5eaf911ceec0e15c51d",
  },
  clearwater: {
    changed: "2026-12-08",
    sha256: "555336974d13e740a431a704133a7072cdaf97135f2d1c6ba811b09b7d0d9404",
  },
  "st-pete": {
    changed: "2026-12-08",
    sha256: "2d140ccc9d6e2abb1958475fc9853330b3337a9e9bac7f3ad12895751bac3e5c",
  },
  "palm-harbor": {
    changed: "2026-12-08",
    sha256: "b2acab383805dc2cde6e8c65584e2fc22159365de0d411aab681ea9970d0dd6c",
  },
  "tarpon-springs": {
    changed: "2026-12-08",
    sha256: "3762c1102ef73fe2d4f8cde6b703f3083cc10631c24487b1fe80f2c8f96aaf81",
  },
  odessa: {
    changed: "2026-12-08",
    sha256: "697b8e3e3f530a678babbdaa52ae04f19704624e5ed9c199ec6b8da4808fe91c",
  },
  trinity: {
    changed: "2026-12-08",
    sha256: "9732ec737a84c5fc61ebc042ab0646e45077f93c26ac997759c341e3996e3436",
  },
  seminole: {
    changed: "2026-12-08",
    sha256: "8aa9b11f2240979869c8eef0c9922cc3567e70a33f391f3d78ca42c15480ffdf",
  },
  "new-port-richey": {
    changed: "2026-12-08",
    sha256: "aac1673d618d3779e820810a0f06083d2c57571429c57b2770dd7e36e372e41f",
  },
  largo: {
    changed: "2026-12-08",
    sha256: "900ae88f0414e93c7495dcf207d2a027a76acdcd7e07cc7d20528abfbdbf6756",
  },
  "safety-harbor": {
    changed: "2026-12-08",
    sha256: "d033d625c765153ef0f43904b2c3a5bd6dfec81e23ac3fd5d74f6d81bdea61c7",
  },
  thonotosassa: {
    changed: "2026-12-08",
    sha256: "db359242f0c0e75dfe7822dd08a4eb0a842b88cde65597539c955001e6c9c010",
  },
  zephyrhills: {
    changed: "2026-12-08",
    sha256: "f2f49b4060a3cd87421f3053fe9aa52e1930d360492ad69f8a539c3cf860b8fb",
  },
  "spring-hill": {
    changed: "2026-12-08",
    sha256: "4d11f2c7de9ebb8e0a2f457dc156a38c8c931146686eb098cc20ab93aeaa6d4c",
  },
  hudson: {
    changed: "2026-12-08",
    sha256: "7d5410e4b6b336d3ba33a759e9e6da5f67181c775ee8aec3241876fe9e5627a9",
  },
  brooksville: {
    changed: "2026-12-08",
    sha256: "3a1407bc54dad5a4bd64921c2d075366ce67709c7f0a3deaabdc0fa0d6a63b0e",
  },
  "hernando-beach": {
    changed: "2026-12-08",
    sha256: "7a3b19745059dc93c7a5e4c02b4b7bddac933a9a5c92cf44c8334e5814cf31f3",
  },
  "madeira-beach": {
    changed: "2026-12-08",
    sha256: "578392477c916068ca1ab9c10c44356e4f2a475497a2c1b852229eb6e7b7e181",
  },
  belleair: {
    changed: "2026-12-08",
    sha256: "31ef494f710c3fa9a48921dc08fb71ade3a871042f40b3ab0484884b5f7c7a99",
  },
  "indian-rocks": {
    changed: "2026-12-08",
    sha256: "56ab6e4fcf88dbe1213c3ca93433ee81732c6173fd9646ccf0b42e3cb0200f57",
  },
  "apollo-beach": {
    changed: "2026-12-08",
    sha256: "f61c961fed670592778dc4cdd1cb499661cd032e0abc1b2b1220907742393e6a",
  },
  oldsmar: {
    changed: "2026-12-08",
    sha256: "549b5683f2c53d786fc708a58a61dd517a8c20d21128ed2b161faea318e9ab54",
  },
  "dade-city": {
    changed: "2026-12-08",
    sha256: "012734ca831fe1f2d342fa42a652c811c36de226dd1ad6e184e16533b27fd9af",
  },
  dunedin: {
    changed: "2026-12-08",
    sha256: "d7c0a634632a2d6809960d613d84238ef0a39e8424f231a91ef45d1ed36fb75b",
  },
  "pinellas-park": {
    changed: "2026-12-08",
    sha256: "d9fd080da724f24140b2dd864545ca9018ad5845d83d88b60fba4863990faaef",
  },
};
