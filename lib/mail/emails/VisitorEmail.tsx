import { Heading, Hr, Link, Text } from "@react-email/components";
import { VISITOR_SUBJECT, type VisitorMailProps } from "@/lib/mail/lead-mail";
import { ESTIMATE_NOTE } from "@/lib/quote/labels";
import { MailLayout, mailHeading, mailLink, mailMuted, mailText } from "./MailLayout";

/**
 * "We received your quote request": what they asked for and the estimate. It repeats nothing the
 * visitor typed but their first name, so the form cannot carry someone else's words to an inbox.
 */
export function VisitorEmail(props: VisitorMailProps) {
  const { firstName, phone } = props;
  return (
    <MailLayout
      title={VISITOR_SUBJECT}
      preview={`We reply within ${props.responseHours} hours.`}
      brand={props.brand}
    >
      <Heading as="h1" style={mailHeading}>
        {firstName ? `Thank you, ${firstName}!` : "Thank you!"}
      </Heading>
      <Text style={mailText}>We received your quote request. Here is what you asked for:</Text>
      <Text style={mailText}>
        Windows: {props.panes}
        <br />
        Plan: {props.plan}
        <br />
        Add-ons: {props.addOns}
        <br />
        Estimated first visit: <strong>{props.price}</strong>
        {props.saving ? (
          <>
            <br />
            Your first-visit saving: <strong>{props.saving}</strong>
          </>
        ) : null}
      </Text>
      <Text style={mailMuted}>{ESTIMATE_NOTE}</Text>
      <Hr />
      <Text style={mailText}>
        <strong>What happens next:</strong> we reply within {props.responseHours} hours to confirm
        the details and find a time that suits you.
      </Text>
      {props.quoteUrl ? (
        <Text style={mailText}>
          <Link href={props.quoteUrl} style={mailLink}>
            See your saved quote
          </Link>
        </Text>
      ) : null}
      <Text style={mailText}>
        Questions before then? Call us at{" "}
        <Link href={phone.href} style={mailLink}>
          {phone.display}
        </Link>
        .
      </Text>
    </MailLayout>
  );
}
