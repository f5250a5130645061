import { Link, Section } from "@react-email/components";
import type { Fact } from "@/lib/leads/report";
import { MAIL_TEXT } from "@/lib/mail/brand";
import { mailLink } from "./MailLayout";

/** The owner's e-mails' label-and-value table: one row per fact, a link where it has one. */
export function FactTable({ facts }: { facts: readonly Fact[] }) {
  return (
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
  );
}
