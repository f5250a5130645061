import { SITE, TEL_HREF } from "@/content/site";

// Placeholder shell: the full navigation (dropdown, mobile menu) lands with the foundation issue.
export function Header() {
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
        <a href="/" className="font-bold text-brand-800">
          {SITE.shortName}
        </a>
        <a href={TEL_HREF}>Call Us</a>
      </nav>
    </header>
  );
}
