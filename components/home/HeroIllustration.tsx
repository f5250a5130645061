/** A sunny two-story Florida home with sparkling windows. Inline SVG: no image request, nothing to decode. */

const SPARKLE = "M0-9C.6-2.6 2.6-.6 9 0 2.6.6.6 2.6 0 9-.6 2.6-2.6.6-9 0-2.6-.6-.6-2.6 0-9z";

function Window({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx="3"
        fill="url(#hero-glass)"
        stroke="#fff"
        strokeWidth="5"
      />
      <path d={`M${x + w / 2} ${y}v${h}M${x} ${y + h / 2}h${w}`} stroke="#fff" strokeWidth="3" />
      <path
        d={`M${x + 8} ${y + h / 2 - 8}l${w / 4} ${-h / 4}M${x + w / 2 + 8} ${y + h - 8}l${w / 4} ${-h / 4}`}
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        opacity=".85"
      />
      <rect x={x - 6} y={y + h + 2} width={w + 12} height="6" rx="2" fill="#d5eef8" />
    </g>
  );
}

function Sparkle({
  x,
  y,
  scale = 1,
  fill = "#f9c04a",
}: {
  x: number;
  y: number;
  scale?: number;
  fill?: string;
}) {
  return <path d={SPARKLE} transform={`translate(${x} ${y}) scale(${scale})`} fill={fill} />;
}

export function HeroIllustration({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 400" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#aedcf0" />
          <stop offset="1" stopColor="#eef8fc" />
        </linearGradient>
        <linearGradient id="hero-glass" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7cc4e4" />
          <stop offset=".55" stopColor="#d5eef8" />
          <stop offset="1" stopColor="#aedcf0" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="480" height="400" rx="32" />
        </clipPath>
      </defs>

      <g clipPath="url(#hero-frame)">
        <rect width="480" height="400" fill="url(#hero-sky)" />
        <g stroke="#fcd77f" strokeWidth="6" strokeLinecap="round">
          <path d="M400 18v14M400 128v14M338 80h14M448 80h14M356 36l10 10M434 114l10 10M356 124l10-10M434 46l10-10" />
        </g>
        <circle cx="400" cy="80" r="38" fill="#f9c04a" />
        <path d="M58 86a18 18 0 0 1 34-8 14 14 0 0 1 22 12H44a12 12 0 0 1 14-4z" fill="#fff" />
        <path
          d="M222 54a16 16 0 0 1 30-6 12 12 0 0 1 20 10h-62a10 10 0 0 1 12-4z"
          fill="#fff"
          opacity=".9"
        />

        <ellipse cx="240" cy="372" rx="250" ry="44" fill="#7bc47f" />
        <path d="M218 400l12-60h28l16 60z" fill="#e8dcc4" />

        <path
          d="M76 352c6-60 2-120-12-176"
          stroke="#9a6b3f"
          strokeWidth="10"
          fill="none"
          strokeLinecap="round"
        />
        <g fill="#2f8f52">
          <path d="M64 176c-30-14-52-6-62 12 22-10 42-8 62-12z" />
          <path d="M64 176c-16-28-40-34-58-26 22 2 40 12 58 26z" />
          <path d="M64 176c8-30 30-42 52-38-20 8-38 20-52 38z" />
          <path d="M64 176c28-10 52-2 62 16-22-8-42-10-62-16z" />
          <path d="M64 176c4 26-6 46-22 56 8-20 14-38 22-56z" />
        </g>

        <rect x="132" y="172" width="256" height="172" fill="#fffaf0" />
        <path d="M116 180L260 96l144 84z" fill="#0c5d84" />
        <path d="M116 180h288" stroke="#0c3a52" strokeWidth="6" strokeLinecap="round" />
        <rect x="300" y="110" width="22" height="40" fill="#0d4c6a" />

        <Window x={164} y={196} w={58} h={52} />
        <Window x={298} y={196} w={58} h={52} />
        <Window x={156} y={270} w={70} h={50} />
        <Window x={294} y={270} w={70} h={50} />

        <rect x="238" y="262" width="44" height="82" rx="4" fill="#f0a81c" />
        <rect x="246" y="272" width="28" height="20" rx="2" fill="url(#hero-glass)" />
        <circle cx="273" cy="306" r="3" fill="#0c3a52" />

        <g fill="#3f9b5a">
          <circle cx="146" cy="340" r="16" />
          <circle cx="172" cy="344" r="12" />
          <circle cx="348" cy="342" r="14" />
          <circle cx="374" cy="338" r="17" />
        </g>

        <Sparkle x={214} y={192} />
        <Sparkle x={360} y={262} scale={1.3} />
        <Sparkle x={150} y={266} scale={0.8} fill="#fff" />
        <Sparkle x={300} y={244} scale={0.7} fill="#fff" />
        <Sparkle x={440} y={190} scale={1.1} />
        <Sparkle x={40} y={250} scale={0.8} fill="#fff" />
      </g>
    </svg>
  );
}
