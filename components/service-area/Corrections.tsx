/** ", its towns and counties corrected after {source} and {source}": content/zip-corrections.ts's sources. */
export function Corrections({
  sources,
  className,
}: {
  sources: readonly { name: string; url: string }[];
  className: string;
}) {
  return (
    <>
      , corrected after{" "}
      {sources.map((source, index) => (
        <span key={source.url}>
          {index === 0 ? "" : index === sources.length - 1 ? " and " : ", "}
          <a href={source.url} className={className}>
            {source.name}
          </a>
        </span>
      ))}
    </>
  );
}
