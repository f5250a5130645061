import { SITE } from "@/content/site";

/**
 * PLACEHOLDER team (docs/decisions.md, "Business identity"): names and bios stand in for the business's real staff;
 * a production deploy refuses a member still marked `sample: true` (lib/launch-gate.ts).
 * `avatar` describes the illustrated portrait drawn by components/home/TeamAvatar.tsx (no photos).
 */
export type TeamAvatar = {
  skin: string;
  hair: string;
  hairStyle: "short" | "long" | "bun";
  shirt: string;
  glasses?: boolean;
};

export type TeamMember = {
  name: string;
  role: string;
  description: string;
  avatar: TeamAvatar;
  /** True for the specification's placeholder people; a real member of staff is false. */
  sample: boolean;
};

export const TEAM = [
  {
    name: "Marcus Bell",
    role: "Founder & Owner",
    description: `Started ${SITE.shortName} in ${SITE.foundedYear} with one ladder and a promise of streak-free glass. Still on the tools most weeks, and still personally reviews every guarantee call.`,
    avatar: { skin: "#c68a5e", hair: "#2b1d14", hairStyle: "short", shirt: "#0c5d84" },
    sample: true,
  },
  {
    name: "Elena Ruiz",
    role: "Service Manager",
    description:
      "Plans the routes, trains every technician on our methods and checks the finished work, so every visit meets the same standard.",
    avatar: { skin: "#e0b08c", hair: "#5a3422", hairStyle: "bun", shirt: "#1f8fc2", glasses: true },
    sample: true,
  },
  {
    name: "Jordan Hayes",
    role: "Sales Director",
    description:
      "Answers quote requests, walks homeowners and businesses through the maintenance plans and makes sure every quote is clear before work starts.",
    avatar: { skin: "#8d5a3b", hair: "#1b1410", hairStyle: "long", shirt: "#f0a81c" },
    sample: true,
  },
] as const satisfies readonly TeamMember[];
