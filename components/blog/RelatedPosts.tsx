import type { Article } from "@/content/blog/types";
import { postPath } from "@/lib/blog/posts";

export function RelatedPosts({ articles }: { articles: readonly Article[] }) {
  return (
    <nav aria-labelledby="related-heading" className="mt-16 border-t border-slate-200 pt-10">
      <h2 id="related-heading" className="text-xl font-bold text-slate-900">
        Keep reading
      </h2>
      <ul className="mt-4 space-y-3">
        {articles.map((article) => (
          <li key={article.slug}>
            <a
              href={postPath(article.slug)}
              className="inline-flex min-h-11 items-center text-lg font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {article.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
