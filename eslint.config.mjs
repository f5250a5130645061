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
      // `const { dropped, ...kept } = row` is how a field is left out.
      "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message:
                "Use a plain <a>: the site is static pages, and next/link ships ~6 KB gzip of JS to every page, over the 3 KB page budget (npm run perf).",
            },
          ],
          patterns: [
            {
              group: ["lucide-react", "lucide-react/*"],
              message:
                'Draw icons with <Icon icon={…} /> from "@/components/ui/Icon" and the "lucide" package\'s data: lucide-react\'s components are client components, and a page showing one ships React\'s runtime (docs/pages.md, "Pages without JavaScript").',
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
    // The function runs on Deno (deno lint); the modules it shares with the site, _shared/, are linted here too.
    "supabase/functions/crm-lead/**",
  ]),
]);
