import { Phone } from "lucide";
import { Icon } from "@/components/ui/Icon";
import type { ReactNode } from "react";
import { SITE, TEL_HREF } from "@/content/site";
import { ButtonLink, type ButtonSize, type ButtonVariant } from "./ButtonLink";

type CallButtonProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Defaults to "Call {phone}"; a shorter label should still carry the number for screen readers. */
  label?: ReactNode;
  className?: string;
};

/** Click-to-call with the number visible, so it also works for visitors who read it aloud. */
export function CallButton({
  variant = "secondary",
  size = "md",
  label,
  className,
}: CallButtonProps) {
  return (
    <ButtonLink href={TEL_HREF} variant={variant} size={size} className={className}>
      <Icon icon={Phone} className="size-5 shrink-0" />
      <span className="whitespace-nowrap">{label ?? `Call ${SITE.phone.display}`}</span>
    </ButtonLink>
  );
}
