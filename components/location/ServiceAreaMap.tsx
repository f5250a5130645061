import { cityLabel, serviceAreaMap } from "@/lib/geo/county-map";

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
  const nameSpot = here ? cityLabel(here, map) : undefined;
  const highlighted = new Set(nearby);
  const others = map.cities.filter((city) => city.slug !== current);
  // One group per dot style keeps the markup small: no class repeated on every circle.
  const groups = current
    ? [
        {
          className: "fill-slate-400",
          radius: 3.5,
          cities: others.filter((city) => !highlighted.has(city.slug)),
        },
        {
          className: "fill-brand-700",
          radius: 5,
          cities: others.filter((city) => highlighted.has(city.slug)),
        },
      ]
    : [{ className: "fill-brand-700", radius: 5, cities: others }];
  return (
    <svg
      viewBox={`0 0 ${map.width} ${map.height}`}
      role="img"
      aria-labelledby={titleId}
      className="h-auto w-full"
    >
      <title id={titleId}>{label}</title>
      <g className="fill-brand-50 stroke-brand-700" strokeWidth={1.5} strokeLinejoin="round">
        {map.counties.map((county) => (
          <path key={county.fips} d={county.d} />
        ))}
      </g>
      <g className="fill-brand-900 text-[15px] font-semibold" textAnchor="middle">
        {map.counties.map((county) => (
          <text key={county.fips} x={county.labelX} y={county.labelY}>
            {county.name}
          </text>
        ))}
      </g>
      {groups.map((group) => (
        <g key={group.className} className={group.className}>
          {group.cities.map((city) => (
            <circle key={city.slug} cx={city.x} cy={city.y} r={group.radius} />
          ))}
        </g>
      ))}
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
            x={nameSpot?.x}
            y={nameSpot?.y}
            textAnchor={nameSpot?.anchor}
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
