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
    sha256: "16fa0b8c18399e94b2fed3e7c8d2ca8579e0edf20738ff4b79136250b9aa0b3c",
  },
  tampa: {
    changed: "2026-12-08",
    sha256: "69a42bde66d8b92f5c6dda214dc4b06ef7b0e60d7f2f854292f85e4f2efcb86b",
  },
  "wesley-chapel": {
    changed: "2026-12-08",
    sha256: "7303f5cdf1bf20a395f4d8ddf76c133e05cd8d414ad445d426fdff312c5afad7",
  },
  lutz: {
    changed: "2026-12-08",
    sha256: "3e9a0fe0c5fbd1d2206adbf3707a8f04f7a34532b0f103efde91007433dc7952",
  },
  clearwater: {
    changed: "2026-12-08",
    sha256: "8e46b2ac0a8c379b747b8aeff8fc8014c245f1c619745adcfa20768cd106d458",
  },
  "st-pete": {
    changed: "2026-12-08",
    sha256: "13a884070a6176c11c46383575b33387956397a2f929b67422952263dac4e5d1",
  },
  "palm-harbor": {
    changed: "2026-12-08",
    sha256: "211c7a9ff72c597ac717fc72297e3d48f1a5853de96f4ea747864d15ee82601d",
  },
  "tarpon-springs": {
    changed: "2026-12-08",
    sha256: "a75b18eaf95b68dcede6da381d630788c06af1c1b59d4ca9468f01188f0c63c2",
  },
  odessa: {
    changed: "2026-12-08",
    sha256: "697b8e3e3f530a678babbdaa52ae04f19704624e5ed9c199ec6b8da4808fe91c",
  },
  trinity: {
    changed: "2026-12-08",
    sha256: "9b570d0de455e742b4c14ca5f92b00d32142cbbbcf6214f74a8822038fab195f",
  },
  seminole: {
    changed: "2026-12-08",
    sha256: "8aa9b11f2240979869c8eef0c9922cc3567e70a33f391f3d78ca42c15480ffdf",
  },
  "new-port-richey": {
    changed: "2026-12-08",
    sha256: "e26f8efb75974fa830e1d21c5735457e640f911ea3bdbeaa07f680cce2e758e3",
  },
  largo: {
    changed: "2026-12-08",
    sha256: "8feb336d497032c2d5407d20d52e3c0a1a80bb63964796b4d9bb0e869b4f79f5",
  },
  "safety-harbor": {
    changed: "2026-12-08",
    sha256: "a1e9c86ee3b35ca85253493ea324739a262fa2f6566713abe877223a29b3b71f",
  },
  thonotosassa: {
    changed: "2026-12-08",
    sha256: "db359242f0c0e75dfe7822dd08a4eb0a842b88cde65597539c955001e6c9c010",
  },
  zephyrhills: {
    changed: "2026-12-08",
    sha256: "4184b8e2f67f04f05a1cf421e70bb6af520537ab2f87897405e1ae6fdcf84119",
  },
  "spring-hill": {
    changed: "2026-12-08",
    sha256: "1671f409c55d7d664cf6c96b3f13fd21f30c7ab160beef3094c048f0f73e76ad",
  },
  hudson: {
    changed: "2026-12-08",
    sha256: "7d5410e4b6b336d3ba33a759e9e6da5f67181c775ee8aec3241876fe9e5627a9",
  },
  brooksville: {
    changed: "2026-12-08",
    sha256: "cf22a7baaa392083826ee91a3d4410b9662f60ffbb3602187cfaddbea987e77c",
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
    sha256: "76d6e70af0dd4ebd7f46e0939a626503c6cf65973faccb8777f2d341d41ecb1f",
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
    sha256: "36b156aa2a14690ba21920629028746115f416e55677147e6d6cbd95d364b431",
  },
  "dade-city": {
    changed: "2026-12-08",
    sha256: "a8ae2840fe1334aa9128c241ca20f9661fb237492e1f58544ab44b7958d5c479",
  },
  dunedin: {
    changed: "2026-12-08",
    sha256: "48c1fd23b697167549853f04f8a653b2b0227fb29e00791517e88f1b889d6f37",
  },
  "pinellas-park": {
    changed: "2026-12-08",
    sha256: "e1eabee30991417e871e406769c87358e45173e43e593a2b90c52b4678ea301a",
  },
};
