import { ArrowLeft } from "lucide";
import { Icon } from "@/components/ui/Icon";
import type { Article } from "@/content/blog/types";
import { CategoryLabel, PostMeta } from "./PostMeta";

export function ArticleHeader({
  article,
  readTimeMinutes,
}: {
  article: Article;
  readTimeMinutes: number;
}) {
  return (
    <header>
      <a
        href="/blog"
        className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-brand-700 hover:text-brand-800"
      >
        <Icon icon={ArrowLeft} className="size-5" />
        Back to Blog
      </a>
      <div className="mt-6">
        <CategoryLabel category={article.category} />
      </div>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {article.title}
      </h1>
      <div className="mt-5">
        <PostMeta date={article.datePublished} readTimeMinutes={readTimeMinutes} />
      </div>
      <p className="mt-8 text-xl leading-relaxed text-pretty text-slate-700">{article.intro}</p>
    </header>
  );
}
