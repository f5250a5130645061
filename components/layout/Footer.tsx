import { SITE } from "@/content/site";

// Placeholder shell: the full footer lands with the foundation issue.
export function Footer() {
  return (
    <footer className="border-t border-slate-200 px-4 py-8 text-center text-sm text-slate-600">
      © {SITE.brand}
    </footer>
  );
}
