/** A text page's eyebrow and title (/service-area, /privacy); `as` h2 when an answer above is the page's heading. */
export function PageTitle({
  eyebrow,
  title,
  as: Title = "h1",
}: {
  eyebrow: string;
  title: string;
  as?: "h1" | "h2";
}) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <Title className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {title}
      </Title>
    </>
  );
}
