import type { FAQPage, WithContext } from "schema-dts";

/** FAQPage from exactly the questions and answers the page shows. */
export function faqPageJsonLd(
  faqs: readonly { question: string; answer: string }[],
): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}
