import { Heading, Section, Text } from "@react-email/components";
import type { Fact } from "@/lib/mail/lead-mail";
import { MAIL_COLORS } from "@/lib/mail/brand";
import { FactTable } from "./FactTable";
import { MailLayout, mailHeading, mailText } from "./MailLayout";

/**
 * The owner's e-mails: "New quote request" with every field, and the short "Quote updated". A lead
 * a bot trap flagged carries a notice (why, and how to release it) above the facts; a service
 * address outside the area, a line saying how far outside (docs/leads.md, "Notifications").
 */
export function OwnerEmail({
  title,
  intro,
  notice = null,
  outsideArea = null,
  facts,
  brand,
}: {
  title: string;
  intro: string;
  notice?: readonly string[] | null;
  outsideArea?: string | null;
  facts: readonly Fact[];
  brand: string;
}) {
  return (
    <MailLayout title={title} preview={notice?.[0] ?? intro} brand={brand}>
      <Heading as="h1" style={mailHeading}>
        {title}
      </Heading>
      {notice ? (
        <Section
          style={{
            backgroundColor: MAIL_COLORS["brand-50"],
            borderLeft: `4px solid ${MAIL_COLORS["sun-400"]}`,
            padding: "4px 16px",
          }}
        >
          {notice.map((line) => (
            <Text key={line} style={mailText}>
              {line}
            </Text>
          ))}
        </Section>
      ) : null}
      <Text style={mailText}>{intro}</Text>
      {outsideArea ? (
        <Text style={{ ...mailText, fontWeight: 700 }}>{`${outsideArea}.`}</Text>
      ) : null}
      <FactTable facts={facts} />
    </MailLayout>
  );
}
