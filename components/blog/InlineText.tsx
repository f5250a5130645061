import { parseInline } from "@/lib/blog/inline";

/** Article text with its `[words](/path)` links rendered as plain anchors. */
export function InlineText({ text }: { text: string }) {
  return parseInline(text).map((segment, index) =>
    segment.href ? (
      <a
        key={index}
        href={segment.href}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {segment.text}
      </a>
    ) : (
      segment.text
    ),
  );
}
