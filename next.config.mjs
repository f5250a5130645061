/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Lets parallel builds (perf script, helpers) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
