/** A step-4 delivery as the site sends it (the deno tests and tests/supabase share it). */
export const VALID = {
  event: "create",
  id: "3f1c2b9e-7d4a-4c1e-9b2f-5a6d7e8f9a01",
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(813) 555-0100",
  address: "12 Bayshore Blvd, Tampa, FL",
  message: "Gate code 1234",
  paneCount: "26-40",
  frequency: "quarterly",
  addOns: { interior: true, screens: false, tracks: true },
  isPostConstruction: "",
  stories: "",
  // The site's price for it: 26-40 quarterly, with interior and tracks (content/pricing.ts).
  totalPrice: 345,
} as const;
