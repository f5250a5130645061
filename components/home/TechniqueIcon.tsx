import type { ReactNode } from "react";
import type { Technique } from "@/content/techniques";

/** Line drawings of the tools behind each technique (lucide has no squeegee or T-bar). */
const PATHS: Record<Technique["id"], ReactNode> = {
  "t-bar": (
    <>
      <path d="M24 44V22" />
      <rect x="8" y="10" width="32" height="12" rx="6" />
      <path d="M13 10v12M18 10v12M23 10v12M28 10v12M33 10v12" strokeWidth="1.5" />
    </>
  ),
  "water-fed-pole": (
    <>
      <path d="M12 44L34 12" />
      <rect x="30" y="4" width="14" height="8" rx="2" transform="rotate(35 37 8)" />
      <path d="M40 20c0 2-1.5 3.5-3 3.5S34 22 34 20c0-2 3-5 3-5s3 3 3 5zM44 30c0 1.7-1.2 3-2.5 3S39 31.7 39 30c0-1.7 2.5-4 2.5-4s2.5 2.3 2.5 4z" />
    </>
  ),
  squeegee: (
    <>
      <path d="M24 44V24" />
      <path d="M6 16h36v6H6z" />
      <path d="M6 14h36" strokeWidth="3" />
      <path d="M10 30l4 4M32 34l6-6" strokeWidth="1.5" />
    </>
  ),
  screens: (
    <>
      <rect x="8" y="6" width="32" height="36" rx="3" />
      <path d="M8 15h32M8 24h32M8 33h32M16 6v36M24 6v36M32 6v36" strokeWidth="1.25" />
    </>
  ),
};

export function TechniqueIcon({
  id,
  className = "size-8",
}: {
  id: Technique["id"];
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 48 48"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[id]}
    </svg>
  );
}
