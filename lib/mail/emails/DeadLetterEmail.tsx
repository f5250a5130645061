import { Heading, Text } from "@react-email/components";
import type { Fact } from "@/lib/mail/lead-mail";
import { MAIL_COLORS } from "@/lib/mail/brand";
import { FactTable } from "./FactTable";
import { MailLayout, mailHeading, mailText } from "./MailLayout";

/**
 * The owner's "CRM delivery failed": a lead's CRM post was given up on (docs/notifications.md,
 * "When the CRM refuses a lead"). It names the lead, what failed and since when, and the one
 * command that sends it again.
 */
export function DeadLetterEmail({
  title,
  intro,
  facts,
  command,
  brand,
}: {
  title: string;
  intro: string;
  facts: readonly Fact[];
  /** The command that retries the lead, shown whole so it can be copied. */
  command: string;
  brand: string;
}) {
  return (
    <MailLayout title={title} preview={intro} brand={brand}>
      <Heading as="h1" style={mailHeading}>
        {title}
      </Heading>
      <Text style={mailText}>{intro}</Text>
      <FactTable facts={facts} />
      <Text style={mailText}>Once the CRM takes leads again, send it again:</Text>
      <Text
        style={{
          ...mailText,
          backgroundColor: MAIL_COLORS["brand-50"],
          fontFamily: "Menlo, Consolas, monospace",
          padding: "8px 12px",
        }}
      >
        {command}
      </Text>
    </MailLayout>
  );
}
