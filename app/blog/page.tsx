import { PostCard } from "@/components/blog/PostCard";
import { PageJsonLd } from "@/components/seo/PageJsonLd";
import { Container } from "@/components/ui/Container";
import { BLOG_PAGE } from "@/content/blog";
import { getPostSummaries } from "@/lib/blog/posts";
import { pageMetadata } from "@/lib/seo/metadata";

export const metadata = pageMetadata({
  title: BLOG_PAGE.title,
  description: BLOG_PAGE.metaDescription,
  path: "/blog",
});

export default function BlogIndexPage() {
  return (
    <>
      <PageJsonLd trail={[{ name: "Blog", path: "/blog" }]} />
      <div className="bg-brand-50 py-14 sm:py-20">
        <Container>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Blog</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {BLOG_PAGE.title}
          </h1>
          <p className="mt-5 max-w-3xl text-lg text-pretty text-slate-700">{BLOG_PAGE.intro}</p>
        </Container>
      </div>
      <Container className="py-14 sm:py-20">
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {getPostSummaries().map((post) => (
            <PostCard key={post.slug} post={post} />
          ))}
        </div>
      </Container>
    </>
  );
}
