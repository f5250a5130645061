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
    sha256: "44424615b2f265d0baff4f253d4f6d06d1c6bca94f30ce5ea5bdd1694add821b",
  },
  tampa: {
    changed: "2026-12-08",
    sha256: "c658f163942089c0d4135f1ca8bb5def3645c325f4adff08d329463e2bfe6142",
  },
  "wesley-chapel": {
    changed: "2026-12-08",
    sha256: "45743e1fe69981809ed500cef7dd89b4e773f9c1145b56e783820e044749d732",
  },
  lutz: {
    changed: "2026-12-08",
    sha256: "8306590ac550891d29becf8a5d74632f7e37ae59cd02d9f742f33a8f65ec8832",
  },
  clearwater: {
    changed: "2026-12-07",
    sha256: "1ab8a362284b691d92f36f74c76498f654c62db3e08acb791e67e6bd9a984ffa",
  },
  "st-pete": {
    changed: "2026-12-08",
    sha256: "db436423a3b6dfd360f01cd24f546befc3916d00f5dafb8f41be796c2f0d4dd2",
  },
  "palm-harbor": {
    changed: "2026-12-08",
    sha256: "48c256ad134040508759ac08a9035e5e0fc3889fff2f2e22ed0485ce00e417e4",
  },
  "tarpon-springs": {
    changed: "2026-12-08",
    sha256: "b9fd664b509a67ef2e5a33a8a8e38df4d7501806d80a142a539673fd86ca7447",
  },
  odessa: {
    changed: "2026-12-07",
    sha256: "47a74e20072ef4164911af502a2dcdf3960d7bc571568b4bccd8b3b40fbbeee3",
  },
  trinity: {
    changed: "2026-12-07",
    sha256: "1bf6b3ca80e1c82db8f3a4b3752e6ed956d81db3c4749ee6dc1e63817c13d485",
  },
  seminole: {
    changed: "2026-12-07",
    sha256: "04834917944c881237866946a21ee0559acea363037dd090f3408e56841861c5",
  },
  "new-port-richey": {
    changed: "2026-12-07",
    sha256: "3623f2c9ce32e86fca1eb730a53819b3d9195188e5d7057f3f03c082058bcecd",
  },
  largo: {
    changed: "2026-12-07",
    sha256: "47ceb33de4ce8f95d1c4e101aa487aabe1cbc83f3c6ce75bcc31586540b8969f",
  },
  "safety-harbor": {
    changed: "2026-12-08",
    sha256: "350ef20c11ff45e4e3419c6162243a9a4ce2d74195be2840eb5162d46d154433",
  },
  thonotosassa: {
    changed: "2026-12-08",
    sha256: "c42a7fde0c357a9f35b3b056f81f42155cccc768155180eb42711b9a223e9123",
  },
  zephyrhills: {
    changed: "2026-12-08",
    sha256: "f1a423e70e825a4c3195d24967515aaca024e7790152c284b844b7fefc40de4a",
  },
  "spring-hill": {
    changed: "2026-12-07",
    sha256: "b530087359e8e97c56f4de56755dbfdbe9c76912031758c51925874e6ea1ce96",
  },
  hudson: {
    changed: "2026-12-08",
    sha256: "bf7ee0d698fc40617c13dc5ee3575c000eae1cd6abcfd01bd1d939f3b9fd7ee2",
  },
  brooksville: {
    changed: "2026-12-07",
    sha256: "56b45e74cd2255f1897616c0657cd8e64fac2f2611cfcb98504a9f4f6502e700",
  },
  "hernando-beach": {
    changed: "2026-12-08",
    sha256: "c160ec7325b0e8c91b698d693bbbafec7c3481fae12552f0cc00d16ece77c4b2",
  },
  "madeira-beach": {
    changed: "2026-12-08",
    sha256: "a04d182b0404f08177d89b60a0faa9140d520a208de9588347ea6ab4e0707243",
  },
  belleair: {
    changed: "2026-12-08",
    sha256: "6b9c7ac146e2d93962fe7c2412eb1dc9f332b7b49ecbeb2a9e38e9318d793140",
  },
  "indian-rocks": {
    changed: "2026-12-08",
    sha256: "ca77ef01283fb237e54a53b7091050cb795bef5a85155e4760eadd15f0db21b9",
  },
  "apollo-beach": {
    changed: "2026-12-08",
    sha256: "638771b5c9ac44867a7b358b95364cf4fd38866049aec25fa909be32857ac9a3",
  },
  oldsmar: {
    changed: "2026-12-08",
    sha256: "29b4efbb228ffb0f3a53a582840d79b24df6fa671907a2d709753a912a4d3e23",
  },
  "dade-city": {
    changed: "2026-12-08",
    sha256: "755a73cb37d651c8ad0b58166f0de49b4a4f2765441417a023830db18c3eb985",
  },
  dunedin: {
    changed: "2026-12-08",
    sha256: "16b4eb1deff6d2594e26eba40e6ba0cd4e3594ab7ef5f642837f8ea3a95ef0cf",
  },
  "pinellas-park": {
    changed: "2026-12-07",
    sha256: "5b023501c57d7064c7270bf42dff22309ea09c88acc11e402af4e3633f2603ba",
  },
};
