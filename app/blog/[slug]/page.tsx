import { notFound } from "next/navigation";
import { ArticleBody } from "@/components/blog/ArticleBody";
import { ArticleCta } from "@/components/blog/ArticleCta";
import { ArticleHeader } from "@/components/blog/ArticleHeader";
import { RelatedPosts } from "@/components/blog/RelatedPosts";
import { PageJsonLd } from "@/components/seo/PageJsonLd";
import { Container } from "@/components/ui/Container";
import {
  getArticle,
  getArticles,
  postPath,
  readTimeMinutes,
  relatedArticles,
} from "@/lib/blog/posts";
import { articleJsonLd, articleMetadata } from "@/lib/seo/article";

type ArticlePageProps = { params: Promise<{ slug: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return getArticles().map((article) => ({ slug: article.slug }));
}

async function articleFor(params: ArticlePageProps["params"]) {
  const article = getArticle((await params).slug);
  if (!article) notFound();
  return article;
}

export async function generateMetadata({ params }: ArticlePageProps) {
  return articleMetadata(await articleFor(params));
}

export default async function ArticlePage({ params }: ArticlePageProps) {
  const article = await articleFor(params);
  return (
    <>
      <PageJsonLd
        data={articleJsonLd(article)}
        trail={[
          { name: "Blog", path: "/blog" },
          { name: article.title, path: postPath(article.slug) },
        ]}
      />
      <Container className="py-12 sm:py-16">
        <article className="mx-auto max-w-3xl">
          <ArticleHeader article={article} readTimeMinutes={readTimeMinutes(article)} />
          <div className="mt-12">
            <ArticleBody sections={article.sections} />
          </div>
          <ArticleCta />
        </article>
        <div className="mx-auto max-w-3xl">
          <RelatedPosts articles={relatedArticles(article)} />
        </div>
      </Container>
    </>
  );
}
