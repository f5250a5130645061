import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Plain anchors on purpose: see the next/link restriction below.
      "@next/next/no-html-link-for-pages": "off",
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message:
                "Use a plain <a>: the site is static pages, and next/link ships ~6 KB gzip of JS to every page, over the 3 KB page budget (npm run perf).",
            },
            {
              name: "lucide-react",
              message: 'Import icons one by one: import Phone from "lucide-react/icons/phone".',
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    ".perf/**",
    ".tools/**",
    "supabase/functions/**",
  ]),
]);
