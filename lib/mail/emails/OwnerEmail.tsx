import { Heading, Section, Text } from "@react-email/components";
import type { Fact } from "@/lib/leads/report";
import { MAIL_COLORS } from "@/lib/mail/brand";
import { FactTable } from "./FactTable";
import { MailLayout, mailHeading, mailText } from "./MailLayout";

/**
 * The owner's e-mails: "New quote request" with every field, the short "Quote updated", and "CRM
 * delivery failed" (docs/notifications.md, "When the CRM refuses a lead"). A lead a bot trap
 * flagged carries a notice (why, and how to release it) above the facts; a service address outside
 * the area, a line saying how far outside (docs/leads.md, "Notifications"); a CRM post given up
 * on, the one command that sends it again, shown whole so it can be copied.
 */
export function OwnerEmail({
  title,
  intro,
  notice = null,
  outsideArea = null,
  facts,
  command = null,
}: {
  title: string;
  intro: string;
  notice?: readonly string[] | null;
  outsideArea?: string | null;
  facts: readonly Fact[];
  command?: string | null;
}) {
  return (
    <MailLayout title={title} preview={notice?.[0] ?? intro}>
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
      {command ? (
        <>
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
        </>
      ) : null}
    </MailLayout>
  );
}
