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
    sha256: "e41151a94ad15f1973ed9e1dca8cd85ad8c5090cac5669dc68f656bbd6ddb7a3",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "4caa3a4be633b7bed3e600fd2dc44df4f496aede64619d52d7e60007bb8fd238",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "6e8400991e4d771385625cdca47fa9225c397c3f021363141abbbad959452c53",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "6e91e646cdb1b09d12e0cf72bf2f063eb804b438b0430062bb5649c8342364cf",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "dce0be86817f398ada1df6751a352e1f7321436d6195f73264ab4aef2c8341ba",
  },
  "st-pete": {
    changed: "2026-12-07",
    sha256: "d1b3d2b9e05d32d6d7b503178b81f6e48a29f726b9c1a8b985465b5c5d8d9118",
  },
  "palm-harbor": {
    changed: "2026-12-07",
    sha256: "bf197fab15e0db098a6a02ca787519345fe53d958a4baabda703021cb8f7b9a7",
  },
  "tarpon-springs": {
    changed: "2026-12-07",
    sha256: "5f446e0bf84191df85ba8615728a9ae31b56315a124422a60d11c1f6f9c0ce31",
  },
  odessa: {
    changed: "2026-12-07",
    sha256: "d3667e08979642c02792c0524395c4af9567f4742c836f9379b1cb418e5d5110",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "fcd63e21654a2be30f6925c11096961653facee4e59978f4ca96d2d2f026baff",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "ae700816e232bc9cea603df624457ec192ac9d86f9e399abd62e4750f74bbf47",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "faab60267bfddb81a2e8f76882dff25a205dfa13bf536e661101be1514a1f193",
  },
  largo: {
    changed: "2026-12-07",
    sha256: "a3156776249763ef0d660023d4e609fb0f5b638d1b9f49f270c22819cc3f1956",
  },
  "safety-harbor": {
    changed: "2026-12-07",
    sha256: "40955beefcf5d3d383775c9f1f346a74a428e90335084b3123489315a7b3766f",
  },
  thonotosassa: {
    changed: "2026-12-07",
    sha256: "b9612e0847ff9beb43aa43e6aa583e149ac68898ac2d553e8c3008138daa171a",
  },
  zephyrhills: {
    changed: "2026-12-07",
    sha256: "ee888d0a53e9a604fe512dcb6156e201bd048a6a55d4f202017cb2ed3ed928fb",
  },
  "spring-hill": {
    changed: "2026-12-07",
    sha256: "a884977f44a88b188d204b279d6018c4605023b3d1b37cb48e72b249d91fef2a",
  },
  hudson: {
    changed: "2026-12-07",
    sha256: "dc51281b3d6f6fafd304aa7ddbf0fdd656ed2f4aa872e96e901a919f5094968e",
  },
  brooksville: {
    changed: "2026-12-07",
    sha256: "78869762db7cb09cf8c1a3a6525a5a22504aab3dde4adafe131e73b88a948578",
  },
  "hernando-beach": {
    changed: "2026-12-07",
    sha256: "9a082cc5bba1a99a940f1892e13fdc6264e8cae16ba791e51f04ad606bc59b4d",
  },
  "madeira-beach": {
    changed: "2026-12-07",
    sha256: "375f47ea647158efb5506edfc69f8a64591d0e95c93912fb954ae9532d5306ba",
  },
  belleair: {
    changed: "2026-12-07",
    sha256: "b32683df9991babe9e2e8e0797fafe9afe4544a1cff0fe36b572c2d82fe0ec96",
  },
  "indian-rocks": {
    changed: "2026-12-07",
    sha256: "5db320cc706e0d2be878a04dd3dbcca44c214e032a08d6154a0bcc807c5eb683",
  },
  "apollo-beach": {
    changed: "2026-12-07",
    sha256: "f9e1fbab2d82fde801e6d093fd40cf62089d04bf9b0b966fbd1c1ba0f08fc444",
  },
  oldsmar: {
    changed: "2026-12-07",
    sha256: "e158e59df99c9612281965db0c580dccd27f28818587e678dbd0dffc69944d09",
  },
  "dade-city": {
    changed: "2026-12-07",
    sha256: "43fe3c750d808334f4aaa87ea66443c484e4f9ae1ac957bbfe8c733dd9f2008a",
  },
  dunedin: {
    changed: "2026-12-07",
    sha256: "62795f15c4094f570f5b33d335c8e08785665522c80fe6a34b7aedc1653b7322",
  },
  "pinellas-park": {
    changed: "2026-12-07",
    sha256: "51a3f3eb8df6b9768a2661b055b788c7a49467bf9a396faa34fe9710caf55d7a",
  },
};
