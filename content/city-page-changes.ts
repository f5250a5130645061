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
    sha256: "cd980fcf2523ee8a91181257e66984af0523ab34d8ff27e4d60a38ace15c2771",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "e2a8bb5b778f18705998f1807847cf40c17b406110b64390adbefbac52a0abc1",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "5bcb2edc31c31e0266e6112125d512eab802dfaed954926d1f17b6d72807f0e2",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "afc83a3f234ff7ee53dcdf67e940cbb1ad6dc991c2da99807ecdeea6c0207b30",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "b0fe48aefaedfdba02ba74151546db20b1c72f78c1d84f4501cf099947526b3d",
  },
  "st-pete": {
    changed: "2026-12-07",
    sha256: "c7732c0cfcdf55a7c7de8531cdf10b7eb056309b44394c384949a30a333cfada",
  },
  "palm-harbor": {
    changed: "2026-12-07",
    sha256: "e8f1475f5af83c04cb14f8fc9106382e2d3033178fdaa154d33a8cd8afd9ad8d",
  },
  "tarpon-springs": {
    changed: "2026-12-07",
    sha256: "ba3217b0959c8799c90ab80508c13d3df1be35c233aa8472f30f8cde641efd33",
  },
  odessa: {
    changed: "2026-12-07",
    sha256: "e8555353d1034a8dfbb8f1185ecd53a930ac67ca727d4d56cddb3c145e6a14ef",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "b32a01e7cbd4b7f51f2e5046d045f3e0cbc38cc021c401e921af4ec538dc0161",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "6cd0c3a43505a6bd89039e3989f6ec08ad3f4b3d9b4fd3c18621282a7715c0b7",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "9cec476831bccb50be00c4b8502f52a81c49bf969829d6c2ed5ca5e2e389d6b8",
  },
  largo: {
    changed: "2026-12-07",
    sha256: "05a3f6677ba775448f79f7ca5332ab7cbdb065299a48d3b192b2fc77752d5abf",
  },
  "safety-harbor": {
    changed: "2026-12-07",
    sha256: "721a3eae237642b1f4994a4482ce3003c06f016dabcb55d9c280640f16167022",
  },
  thonotosassa: {
    changed: "2026-12-07",
    sha256: "73747a32561b7199ea706040c38b0155b07acb4805c8f85fc212774bc77dada3",
  },
  zephyrhills: {
    changed: "2026-12-07",
    sha256: "643fee6b0888d2d880b9c065304ac7a76f7ee7f31670a4fcfe2eef1ed57fac2f",
  },
  "spring-hill": {
    changed: "2026-12-07",
    sha256: "7be6fcba6406a3b21c4b14ce7651aef6969de471f82e17c17f190219cd0f7c39",
  },
  hudson: {
    changed: "2026-12-07",
    sha256: "ccf0b8efcc09213f95a9e71bbaa4b95b4ede439f97f679c65f9b3aa2e3b6d18b",
  },
  brooksville: {
    changed: "2026-12-07",
    sha256: "685a6192ff7b14f4e14db0bc4c1e8b0f5a523e0edee6110604890896509495d3",
  },
  "hernando-beach": {
    changed: "2026-12-07",
    sha256: "a98e528dd0e0d1cefdd7d516eb69fb442fcb989ea6702e3b6b42c026dcb1a78f",
  },
  "madeira-beach": {
    changed: "2026-12-07",
    sha256: "f82a079ce82920772ad932607693b6aec7ea3f2999d0475929d0881f1cb2df4d",
  },
  belleair: {
    changed: "2026-12-07",
    sha256: "c98f2db0547a9c923f7b028fcab1f7ace91ddbbe2871f4a2c85d0f73698a88c7",
  },
  "indian-rocks": {
    changed: "2026-12-07",
    sha256: "ca4daac8d135b621be6c6f88dbcec23a29a440565d27b15d8f6104057a5fff0c",
  },
  "apollo-beach": {
    changed: "2026-12-07",
    sha256: "52f44ea683a8db1fc059e8191af0ceae2d5211bef2721480f643aa8838138ca4",
  },
  oldsmar: {
    changed: "2026-12-07",
    sha256: "5f887c24b3a7c87805fd55b6c78fcf417b8b3bb2d71d18b9e59261297a812f94",
  },
  "dade-city": {
    changed: "2026-12-07",
    sha256: "2bf548230cc5069976762006bbc3ff986162c50f178fb5fe06e4f27f529743b5",
  },
  dunedin: {
    changed: "2026-12-07",
    sha256: "8dcf4ce122c350c6660f817097bc0f3f06307300cfa2dca3ccb6d69087fb380d",
  },
  "pinellas-park": {
    changed: "2026-12-07",
    sha256: "734c19a9e5a4f2ff0a1993efabd33c989d1c84eec2ae805d9dfbf6d5e1671194",
  },
};
