import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { RATING_LABEL, SITE } from "@/content/site";

export const OG_SIZE = { width: 1200, height: 630 };
export const OG_CONTENT_TYPE = "image/png";

// Self-hosted Inter Bold (satori reads woff, not woff2); read once, at build.
const interBold = readFile(
  path.join(process.cwd(), "node_modules/@fontsource/inter/files/inter-latin-700-normal.woff"),
);

/** The site's social card: a headline over the brand colours, with the brand, phone and rating. */
export async function ogImage(headline: string): Promise<ImageResponse> {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 72,
        color: "white",
        backgroundImage: "linear-gradient(135deg, #0c3a52 0%, #0c5d84 100%)",
        fontFamily: "Inter",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 36 }}>
        <div style={{ width: 44, height: 44, borderRadius: 22, background: "#f9c04a" }} />
        <span>{SITE.shortName}</span>
      </div>
      <div
        style={{
          display: "flex",
          fontSize: 76,
          lineHeight: 1.1,
          letterSpacing: -1.5,
          maxWidth: 1000,
        }}
      >
        {headline}
      </div>
      <div
        style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: "#d5eef8" }}
      >
        <span>{SITE.brand}</span>
        <span style={{ color: "#fcd77f" }}>
          {SITE.rating.value.toFixed(1)} rating · {RATING_LABEL}
        </span>
      </div>
    </div>,
    { ...OG_SIZE, fonts: [{ name: "Inter", data: await interBold, style: "normal", weight: 700 }] },
  );
}
