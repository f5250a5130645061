import { serviceAreaMap } from "@/lib/geo/county-map";

type ServiceAreaMapProps = {
  /** The text alternative: what the map shows, in one sentence. */
  label: string;
  /** The page's own city, drawn large and named on the map. */
  current?: string;
  /** Cities drawn as highlighted neighbours. */
  nearby?: readonly string[];
};

/**
 * The service area drawn at build time from US Census county outlines (us-atlas): an inline SVG,
 * no client JavaScript. It is one image to assistive technology, described by `label`; the cities
 * it shows are also listed in the page text.
 */
export function ServiceAreaMap({ label, current, nearby = [] }: ServiceAreaMapProps) {
  const map = serviceAreaMap();
  const titleId = `service-map-${current ?? "all"}`;
  const here = map.cities.find((city) => city.slug === current);
  const highlighted = new Set(nearby);
  return (
    <svg
      viewBox={`0 0 ${map.width} ${map.height}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
    >
      <title id={titleId}>{label}</title>
      {map.counties.map((county) => (
        <path
          key={county.fips}
          d={county.d}
          className="fill-brand-50 stroke-brand-700"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      ))}
      {map.counties.map((county) => (
        <text
          key={county.fips}
          x={county.labelX}
          y={county.labelY}
          textAnchor="middle"
          className="fill-brand-900 text-[15px] font-semibold"
        >
          {county.name}
        </text>
      ))}
      {map.cities.map((city) =>
        city.slug === current ? null : (
          <circle
            key={city.slug}
            cx={city.x}
            cy={city.y}
            r={highlighted.has(city.slug) || !current ? 5 : 3.5}
            className={highlighted.has(city.slug) || !current ? "fill-brand-700" : "fill-slate-400"}
          />
        ),
      )}
      {here ? (
        <g>
          <circle
            cx={here.x}
            cy={here.y}
            r={8}
            className="fill-sun-400 stroke-slate-900"
            strokeWidth={2}
          />
          <text
            x={here.x > map.width * 0.6 ? here.x - 12 : here.x + 12}
            y={here.y + 5}
            textAnchor={here.x > map.width * 0.6 ? "end" : "start"}
            className="fill-slate-900 stroke-white text-[16px] font-bold [paint-order:stroke]"
            strokeWidth={4}
          >
            {here.name}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
