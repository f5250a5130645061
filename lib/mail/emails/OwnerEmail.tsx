import { Heading, Link, Section, Text } from "@react-email/components";
import type { Fact } from "@/lib/mail/lead-mail";
import { MAIL_COLORS, MAIL_TEXT } from "@/lib/mail/brand";
import { MailLayout, mailHeading, mailLink, mailText } from "./MailLayout";

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
      <Section>
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%" }}>
          <tbody>
            {facts.map((fact) => (
              <tr key={fact.label}>
                <th
                  scope="row"
                  style={{
                    borderTop: `1px solid ${MAIL_TEXT.rule}`,
                    color: MAIL_TEXT.muted,
                    fontSize: "14px",
                    fontWeight: 600,
                    padding: "8px 12px 8px 0",
                    textAlign: "left",
                    verticalAlign: "top",
                    whiteSpace: "nowrap",
                  }}
                >
                  {fact.label}
                </th>
                <td
                  style={{
                    borderTop: `1px solid ${MAIL_TEXT.rule}`,
                    fontSize: "15px",
                    padding: "8px 0",
                    whiteSpace: "pre-wrap",
                  }}
                >
                  {fact.href ? (
                    <Link href={fact.href} style={mailLink}>
                      {fact.value}
                    </Link>
                  ) : (
                    fact.value
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </MailLayout>
  );
}
