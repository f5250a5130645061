import { Heading, Hr, Link, Text } from "@react-email/components";
import { SITE, TEL_HREF } from "@/content/site";
import type { StoredQuote } from "@shared/leads/store-contract";
import { addOnsText, savingText, visitPrice } from "@/lib/leads/report";
import { firstName } from "@/lib/mail/header-text";
import { ESTIMATE_NOTE, paneRangeLabel, planName } from "@/lib/quote/labels";
import { MailLayout, mailHeading, mailLink, mailMuted, mailText } from "./MailLayout";

export const VISITOR_SUBJECT = "We received your quote request";

/**
 * "We received your quote request": what they asked for and the estimate, and the link to the
 * saved quote once it exists (never a dead link). It repeats nothing the visitor typed but their
 * first name, so the form cannot carry someone else's words to an inbox.
 */
export function VisitorEmail({ lead, quoteUrl }: { lead: StoredQuote; quoteUrl: string | null }) {
  const name = firstName(lead.name);
  const saving = savingText(lead);
  return (
    <MailLayout title={VISITOR_SUBJECT} preview={`We reply within ${SITE.responseHours} hours.`}>
      <Heading as="h1" style={mailHeading}>
        {name ? `Thank you, ${name}!` : "Thank you!"}
      </Heading>
      <Text style={mailText}>We received your quote request. Here is what you asked for:</Text>
      <Text style={mailText}>
        Windows: {paneRangeLabel(lead.paneCount)}
        <br />
        Plan: {planName(lead.frequency)}
        <br />
        Add-ons: {addOnsText(lead)}
        <br />
        Estimated first visit: <strong>{visitPrice(lead)}</strong>
        {saving ? (
          <>
            <br />
            Your first-visit saving: <strong>{saving}</strong>
          </>
        ) : null}
      </Text>
      <Text style={mailMuted}>{ESTIMATE_NOTE}</Text>
      <Hr />
      <Text style={mailText}>
        <strong>What happens next:</strong> we reply within {SITE.responseHours} hours to confirm
        the details and find a time that suits you.
      </Text>
      {quoteUrl ? (
        <Text style={mailText}>
          <Link href={quoteUrl} style={mailLink}>
            See your saved quote
          </Link>
        </Text>
      ) : null}
      <Text style={mailText}>
        Questions before then? Call us at{" "}
        <Link href={TEL_HREF} style={mailLink}>
          {SITE.phone.display}
        </Link>
        .
      </Text>
    </MailLayout>
  );
}
