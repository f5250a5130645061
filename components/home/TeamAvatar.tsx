import type { TeamAvatar as AvatarSpec } from "@/content/team";

/** An illustrated portrait drawn from a few traits: no photo to download or decode. */
export function TeamAvatar({
  avatar,
  className = "size-32",
}: {
  avatar: AvatarSpec;
  className?: string;
}) {
  const { skin, hair, hairStyle, shirt, glasses } = avatar;
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" className={className}>
      <circle cx="60" cy="60" r="60" fill="#d5eef8" />
      <circle cx="96" cy="26" r="10" fill="#fcd77f" />
      {hairStyle === "long" ? (
        <path d="M34 54c0-22 12-34 26-34s26 12 26 34v34H34z" fill={hair} />
      ) : null}
      <path d="M22 120c2-22 18-34 38-34s36 12 38 34z" fill={shirt} />
      <path d="M52 78h16v12a8 8 0 0 1-16 0z" fill={skin} />
      <path d="M52 86c5 4 11 4 16 0" stroke="#00000026" strokeWidth="3" fill="none" />
      <circle cx="37" cy="56" r="5" fill={skin} />
      <circle cx="83" cy="56" r="5" fill={skin} />
      <ellipse cx="60" cy="54" rx="23" ry="26" fill={skin} />
      {hairStyle === "short" ? (
        <path d="M36 52c-2-20 10-30 24-30s27 8 24 30c-4-10-10-14-24-14s-20 4-24 14z" fill={hair} />
      ) : null}
      {hairStyle === "long" ? (
        <path
          d="M36 54c0-20 10-30 24-30s24 10 24 30c-8-6-16-16-18-20-6 10-18 16-30 20z"
          fill={hair}
        />
      ) : null}
      {hairStyle === "bun" ? (
        <>
          <circle cx="60" cy="22" r="10" fill={hair} />
          <path
            d="M37 52c-1-18 9-28 23-28s24 10 23 28c-6-10-14-14-23-14s-17 4-23 14z"
            fill={hair}
          />
        </>
      ) : null}
      <circle cx="51" cy="56" r="2.6" fill="#1e293b" />
      <circle cx="69" cy="56" r="2.6" fill="#1e293b" />
      <path
        d="M52 67c4 4 12 4 16 0"
        stroke="#1e293b"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      {glasses ? (
        <g stroke="#1e293b" strokeWidth="2" fill="none">
          <circle cx="51" cy="56" r="7" />
          <circle cx="69" cy="56" r="7" />
          <path d="M58 56h4" />
        </g>
      ) : null}
    </svg>
  );
}
