import { Section } from "@/components/ui/Section";
import { SITE } from "@/content/site";
import { TEAM } from "@/content/team";
import { TeamAvatar } from "./TeamAvatar";

export function TeamSection() {
  return (
    <Section
      id="team"
      eyebrow="Meet the team"
      title="Local people who take pride in clear glass"
      intro={`A Tampa Bay business since ${SITE.foundedYear}, trusted by ${SITE.homeownersServed} homeowners.`}
      tone="tint"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {TEAM.map((member) => (
          <li
            key={member.name}
            className="rounded-3xl bg-white p-7 text-center shadow-sm ring-1 ring-slate-900/10"
          >
            <TeamAvatar avatar={member.avatar} className="mx-auto size-32" />
            <h3 className="mt-5 text-xl font-bold text-brand-900">{member.name}</h3>
            <p className="mt-1 font-semibold text-brand-700">{member.role}</p>
            <p className="mt-3 text-slate-600">{member.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
