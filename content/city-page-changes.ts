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
    sha256: "7bfe72a0303ad2437b1dc71d72049f65c0d3d13f1d90066085370390f7d1c2ae",
  },
  tampa: {
    changed: "2026-12-07",
    sha256: "b0351e2221ae781f8cb691fce8880bb53514595cef538c9dc86cc3ef8f7b9724",
  },
  "wesley-chapel": {
    changed: "2026-12-07",
    sha256: "b341d92088cd5782fbd4656a065b0b5112d4c9a65872c62b7b7ff8989704a2a7",
  },
  lutz: {
    changed: "2026-12-07",
    sha256: "4965a2e984ccfb9c01afeed24a6b5528a8cb16c78daac05e1ca5381909149d16",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "a9e46e0567a0543984c6e65634f583268892c14e7308f85b081d60b3ab80f166",
  },
  "st-pete": {
    changed: "2026-12-07",
    sha256: "c725fd551355a06db2a0ce14910328561eb4e38c2cfbcf7914d9a9afda8de105",
  },
  "palm-harbor": {
    changed: "2026-12-07",
    sha256: "e8f1475f5af83c04cb14f8fc9106382e2d3033178fdaa154d33a8cd8afd9ad8d",
  },
  "tarpon-springs": {
    changed: "2026-12-07",
    sha256: "b5724d42d0d04b1a06f0042facab2eb331adf1503b20cdaf0fc94f887734b14b",
  },
  odessa: {
    changed: "2026-12-07",
    sha256: "59b90dbb8cfc28a5db84af41332878fc462eda797375ee8ea1e76f30d94ac5c0",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "a4234d957526114cf83a3e6c6ef342a7a2ce018bb32644988a5a9b8172277316",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "3ebaee882f68d10d4dfdb37f143f7168427f44d59622db5c66a48dbbbdc21a69",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "be0b7b12d1fe7c8303f95d27a62359ff138be97cee6b8bee51787a38064e8c97",
  },
  largo: {
    changed: "2026-12-07",
    sha256: "5c87f240ba2d6e080e34395f6a8f736d804456aaed57ef85681362dff8bf032b",
  },
  "safety-harbor": {
    changed: "2026-12-07",
    sha256: "721a3eae237642b1f4994a4482ce3003c06f016dabcb55d9c280640f16167022",
  },
  thonotosassa: {
    changed: "2026-12-07",
    sha256: "21aedd198b4e3db90d6b3d20510487018313321597706fd781d659d2e231f8f4",
  },
  zephyrhills: {
    changed: "2026-12-07",
    sha256: "31cd96f1ca79c1df14cacd57add3e26233332216cf57f7165870433e04575a8f",
  },
  "spring-hill": {
    changed: "2026-12-07",
    sha256: "7be6fcba6406a3b21c4b14ce7651aef6969de471f82e17c17f190219cd0f7c39",
  },
  hudson: {
    changed: "2026-12-07",
    sha256: "f9bf9ffa3b9ac6866ea1137e7df7c722ead2ce3ab9635a248e6509ebc53e3c93",
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
    sha256: "9a390ac71b8f468b7b74270fb4abffeb2ddbc5d5fec27c5e8efb7714cf9ec288",
  },
  belleair: {
    changed: "2026-12-07",
    sha256: "187e4379a95325d9d67ba6932d4c8cba5065baad17e1d2e056f83887dd85d822",
  },
  "indian-rocks": {
    changed: "2026-12-07",
    sha256: "438013dbdee8dec9d407ca55b2acadba48885828b7b90903efb31be57507a354",
  },
  "apollo-beach": {
    changed: "2026-12-07",
    sha256: "1b36a15c5766d13a0e3bdd55f917a06d6d4d9cc7317f6e7786a810b0d2c9882c",
  },
  oldsmar: {
    changed: "2026-12-07",
    sha256: "5f887c24b3a7c87805fd55b6c78fcf417b8b3bb2d71d18b9e59261297a812f94",
  },
  "dade-city": {
    changed: "2026-12-07",
    sha256: "3849233079afee9e6f83a1a6a21edc147ee0c942559560a7a3701ebafdaf3424",
  },
  dunedin: {
    changed: "2026-12-07",
    sha256: "f9e758a357d207fea77be9b70b4c5c974c3c300a693e9e4c8193571c0a8d98cc",
  },
  "pinellas-park": {
    changed: "2026-12-07",
    sha256: "4f176c981ea00421c20f97646d44bf4bb1b122db39e67e04f3eb6f8041fe5b57",
  },
};
