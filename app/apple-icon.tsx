import { ImageResponse } from "next/og";
import { LogoMark } from "@/components/layout/Logo";

export const size = { width: 180, height: 180 };
export const contentType = "image/png";

/** The brand mark as the PNG home-screen icon iOS asks for (iOS rounds the corners); built once. */
export default function AppleIcon() {
  return new ImageResponse(<LogoMark size={size.width} rounded={false} />, size);
}
