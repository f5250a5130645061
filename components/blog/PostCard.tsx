import type { PostSummary } from "@/lib/blog/posts";
import { postPath } from "@/lib/blog/posts";
import { CategoryLabel, PostMeta } from "./PostMeta";

/** A blog-index card; the whole card is clickable through the title link's stretched area. */
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <div>
        <CategoryLabel category={post.category} />
      </div>
      <h2 className="mt-4 text-xl font-bold text-balance text-slate-900">
        <a
          href={postPath(post.slug)}
          className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
        >
          {post.title}
        </a>
      </h2>
      <p className="mt-3 flex-1 text-slate-700">{post.excerpt}</p>
      <div className="mt-6 border-t border-slate-100 pt-4">
        <PostMeta date={post.date} readTimeMinutes={post.readTimeMinutes} />
      </div>
    </article>
  );
}
