import { parseEnv } from "@/lib/env";
import { backupFolder, datedBackups } from "@/lib/leads/backups";
import { formatWhen } from "@/lib/leads/report";
import { sendSiteAlert } from "@/lib/mail/site-alert";
import { reason } from "./backup";

/**
 * A failed `backup` (the scheduled one: docs/leads.md, "Backups and restore") e-mailed to the
 * owner straight over SMTP, never through the store's outbox: the store may be what failed.
 * `said`: what the command printed as its error.
 */
export async function mailFailedBackup(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  said: string,
  err: (text: string) => void,
): Promise<void> {
  let settings: ReturnType<typeof parseEnv>;
  try {
    settings = parseEnv(env);
  } catch (error) {
    return err(`Nobody was e-mailed about it: ${reason(error)}`);
  }
  if (!settings.mail) {
    return err("Nobody was e-mailed about it: SMTP_URL is not set (docs/notifications.md).");
  }
  const folder = backupFolder(settings.backupDir);
  let last: string;
  try {
    const [newest] = datedBackups(folder);
    last = newest
      ? `${formatWhen(newest.at.toISOString())} (${Math.floor((Date.now() - newest.at.getTime()) / 3_600_000)} hours ago): ${newest.file}`
      : `none in ${folder}`;
  } catch (error) {
    last = `${folder} cannot be read: ${reason(error)}`;
  }
  const command = `npm run leads -- ${args.join(" ")}`;
  const sent = await sendSiteAlert(settings.mail, {
    kind: "backup-failed",
    subject: "Backup failed",
    intro:
      "The scheduled backup of the lead store failed: no new copy was made, and the last good one is kept. Until a backup succeeds, leads received since the last good one exist only in the store. Fix what it said, then run the backup again to check.",
    facts: [
      { label: "Command", value: command },
      { label: "What it said", value: said },
      { label: "Last good backup", value: last },
    ],
    command: { when: "Once it is fixed, check it with a backup now:", line: command },
  });
  err(
    sent.ok
      ? `The owner was e-mailed about it (${settings.mail.notifyTo.join(", ")}).`
      : `The owner could not be e-mailed about it: ${sent.error}`,
  );
}
