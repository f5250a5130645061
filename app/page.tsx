import { SITE } from "@/content/site";

export default function HomePage() {
  return <h1 className="p-8 text-3xl font-bold">{SITE.brand}</h1>;
}
