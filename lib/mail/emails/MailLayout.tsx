import { Body, Container, Head, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { SITE } from "@/content/site";
import { MAIL_COLORS, MAIL_TEXT } from "@/lib/mail/brand";

/** The frame of every e-mail: the brand's colours and name in text, no image, nothing remote. */
export function MailLayout({
  title,
  preview,
  children,
}: {
  /** The document's title, for a mail program or screen reader that shows it. */
  title: string;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: MAIL_COLORS["brand-50"],
          color: MAIL_TEXT.body,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "600px" }}>
          <Section
            style={{
              backgroundColor: MAIL_COLORS["brand-900"],
              borderBottom: `4px solid ${MAIL_COLORS["sun-400"]}`,
              borderRadius: "8px 8px 0 0",
              padding: "16px 24px",
            }}
          >
            <Text style={{ color: "#ffffff", fontSize: "18px", fontWeight: 700, margin: 0 }}>
              {SITE.brand}
            </Text>
          </Section>
          <Section style={{ padding: "8px 24px 24px" }}>{children}</Section>
        </Container>
      </Body>
    </Html>
  );
}

export const mailText = { fontSize: "15px", lineHeight: "22px", margin: "12px 0" } as const;
export const mailHeading = {
  color: MAIL_COLORS["brand-900"],
  fontSize: "22px",
  margin: "16px 0 8px",
} as const;
export const mailLink = { color: MAIL_COLORS["brand-700"], textDecoration: "underline" } as const;
export const mailMuted = { ...mailText, color: MAIL_TEXT.muted, fontSize: "13px" } as const;
