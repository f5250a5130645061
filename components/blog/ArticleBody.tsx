import type { ArticleBlock, ArticleSection } from "@/content/blog/types";
import { InlineText } from "./InlineText";

function Block({ block }: { block: ArticleBlock }) {
  if (typeof block === "string") {
    return (
      <p className="mt-5">
        <InlineText text={block} />
      </p>
    );
  }
  const items = block.list.map((item) => (
    <li key={item} className="pl-1">
      <InlineText text={item} />
    </li>
  ));
  return block.ordered ? (
    <ol className="mt-5 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-brand-700">
      {items}
    </ol>
  ) : (
    <ul className="mt-5 list-disc space-y-2 pl-6 marker:text-brand-600">{items}</ul>
  );
}

export function ArticleBody({ sections }: { sections: readonly ArticleSection[] }) {
  return (
    <div className="text-lg leading-relaxed text-slate-700">
      {sections.map((section) => (
        <section key={section.heading} className="mt-12 first:mt-0">
          <h2 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
            {section.heading}
          </h2>
          {section.body.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
