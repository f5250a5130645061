/** A step-4 delivery as the site sends it (the deno tests and tests/supabase share it). */
export const VALID = {
  event: "create",
  leadId: "lead-1",
  name: "Dana Whitfield",
  email: "dana@example.com",
  phone: "(813) 555-0100",
  address: "12 Bayshore Blvd, Tampa, FL",
  message: "Gate code 1234",
  paneCount: "26-40",
  frequency: "quarterly",
  addOns: { interior: true, screens: false, tracks: true },
  isPostConstruction: null,
  stories: null,
  totalPrice: 345,
};
