import { Heading, Link, Section, Text } from "@react-email/components";
import type { Fact } from "@/lib/leads/report";
import { MAIL_COLORS, MAIL_TEXT } from "@/lib/mail/brand";
import { MailLayout, mailHeading, mailLink, mailText } from "./MailLayout";

const cell = { borderTop: `1px solid ${MAIL_TEXT.rule}`, padding: "8px 0", verticalAlign: "top" };

/**
 * The owner's e-mails (composeMail): a heading, a flagged lead's `notice` above the rest, the
 * facts as a table, and a `command` shown whole so it can be copied, after the words that say when.
 */
export function OwnerEmail({
  title,
  intro,
  notice,
  outsideArea,
  facts,
  command,
}: {
  title: string;
  intro: string;
  notice?: readonly string[] | null;
  outsideArea?: string | null;
  facts: readonly Fact[];
  command?: { when: string; line: string };
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
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: "100%" }}>
        <tbody>
          {facts.map(({ label, value, href }) => (
            <tr key={label}>
              <th
                scope="row"
                style={{
                  ...cell,
                  color: MAIL_TEXT.muted,
                  fontSize: "14px",
                  fontWeight: 600,
                  paddingRight: "12px",
                  textAlign: "left",
                  whiteSpace: "nowrap",
                }}
              >
                {label}
              </th>
              <td style={{ ...cell, fontSize: "15px", whiteSpace: "pre-wrap" }}>
                {href ? (
                  <Link href={href} style={mailLink}>
                    {value}
                  </Link>
                ) : (
                  value
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {command ? (
        <>
          <Text style={mailText}>{command.when}</Text>
          <Text
            style={{
              ...mailText,
              backgroundColor: MAIL_COLORS["brand-50"],
              fontFamily: "Menlo, Consolas, monospace",
              padding: "8px 12px",
            }}
          >
            {command.line}
          </Text>
        </>
      ) : null}
    </MailLayout>
  );
}
