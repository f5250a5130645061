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
    sha256: "f10ebd6befbff82b48db67338fcf8acdd131b3937b5e8c0e3dc5f3ea84e9c10c",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "971f1248fb7f6dc5e1984bcee20baa263e819de320659f8bbb933562580b1df3",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "f4f1c513d77ae27a74e63344acb294f0afbc9c61a1d21b58a4e0cbdd2bcf4bf7",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "2ed4040e84e9d1ba2996d6251a0c898df34eaf4d820ba59d8c4707d7a2993be5",
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
    sha256: "8953a489fc9369aaefb3c3ad46c54c43d9dd2dbdfad513c36648982360c6761f",
  },
  zephyrhills: {
    changed: "2026-12-07",
    sha256: "6b5431bdd0d4f01bd6381bc95b52f962449cf4bdccb29e3ca97c160ba7b82211",
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
    sha256: "9689a2dabb1788fff5783de1e342cb03a0ba2c8fb732eff34bf27df9f9c4c73c",
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
