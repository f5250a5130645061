import Phone from "lucide-react/icons/phone";
import { SITE, TEL_HREF } from "@/content/site";
import { ButtonLink } from "./ButtonLink";

/** Click-to-call with the number visible, so it also works for visitors who read it aloud. */
export function CallButton({ variant = "secondary" }: { variant?: "primary" | "secondary" | "outline" | "onDark" }) {
  return (
    <ButtonLink href={TEL_HREF} variant={variant}>
      <Phone aria-hidden="true" className="size-5" />
      <span>Call {SITE.phone.display}</span>
    </ButtonLink>
  );
}
