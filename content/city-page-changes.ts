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
    sha256: "68da51773ed12ee49d2cf39dcd154b3cf22a8a6eb923f353007070a308882774",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "cfb3388c8539d1a0d65b826aed85f3d9da819974abd779e7ad95cc8fb2ab4cc2",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "8a34a0f8d914fde0116669da4df091fdd5b40c9230e4715329ec47968aed5c83",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "78a6b93579ebbccbadad2c038735a65e1cd4f1c0080d779d927031cd7f5fd7a7",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "02ec0fdf5ca226f788ed1957132aeed485589825419275f58d9df3ae20861459",
  },
  "st-pete": {
    changed: "2026-12-07",
    sha256: "8ae2cf30fe10edb39254c5a1f000586c048459f2e9883b2e79114703dfcf59d5",
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
    sha256: "45141bbe15acf4b4c9a0c2d929c846607147250c21793bc3c6a8d508a3130b68",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "fd29b61270f0bee1e8194ef157f248d379f015d3ae44a0c77c2cd55f0cea0fb1",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "a242699e19c61e4b1202aaa8cea2f5c1801a4b992774642a1a5df309878b655c",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "bc51d1106b5e80a32f1796cfb5a0f817f41edb52473b443f69fc33010cb1d279",
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
    sha256: "2e26ab8969a226d8fd0f85cdf85f17aa804857fdbc6d75960968de3e6d5b49b4",
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
    sha256: "d2b03d288fb9c55d6bbe445463a6d3253ed55fa76508ea8b55623b0a8e4857e9",
  },
  belleair: {
    changed: "2026-12-07",
    sha256: "648ea90e6609a4459094ea473f9438f1c40986323854a032042fd5f8b5bedf04",
  },
  "indian-rocks": {
    changed: "2026-12-07",
    sha256: "67ae37f9188773d0ee967c49e9e33c3f6b97affe8130d0e28ac02c2e38667eb7",
  },
  "apollo-beach": {
    changed: "2026-12-07",
    sha256: "4978cc828d45fdc30ff14b7f246347183992e51b99b1db4f1d48c90c9b3abd46",
  },
  oldsmar: {
    changed: "2026-12-07",
    sha256: "6253094c79fa1b83c6a0cde8306b97d7f1a8e918898a4316cbfec1a348e241eb",
  },
  "dade-city": {
    changed: "2026-12-07",
    sha256: "b43117b6cc31f1a20bdbb4dfa07e0001c6387508837d53820b970f72af911076",
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
