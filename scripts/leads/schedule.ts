/**
 * `npm run leads -- schedule`: the crontab line and the systemd units for the nightly backup and
 * for the site, with this checkout's folder, its user and the Node.js that runs this command by
 * its full path: cron and systemd search a PATH of their own, where an older Node may come first
 * (docs/leads.md, "Backups and restore"; docs/embedded-postgres.md, "Under a service manager").
 */

export type Machine = { node: string; nodeVersion: string; folder: string; user: string };

/** A word as sh and systemd read it: quoted only when it must be. */
const word = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

const BACKUP = "scripts/bin/leads.mjs backup --keep 14";
const SITE = "scripts/bin/start.mjs -H 127.0.0.1";

export function scheduleText({ node, nodeVersion, folder, user }: Machine): string {
  const run = (command: string) => `${word(node)} ${command}`;
  return `# Printed by npm run leads -- schedule for ${folder}, run by ${user}, with the Node.js that
# ran it (${nodeVersion}) by its full path: cron and systemd search a PATH of their own, where an
# older Node may come first. Print them again after moving the checkout or upgrading Node.

# The nightly backup with cron (crontab -e as ${user}):
0 3 * * * cd ${word(folder)} && mkdir -p data && ${run(BACKUP)} >> data/backups.log 2>&1

# Or with a systemd timer, two files:
# /etc/systemd/system/suncoast-shine-backup.service
[Unit]
Description=Suncoast Shine: a checked backup of the leads

[Service]
Type=oneshot
User=${user}
WorkingDirectory=${folder}
ExecStart=${run(BACKUP)}

# /etc/systemd/system/suncoast-shine-backup.timer
[Unit]
Description=Suncoast Shine: the lead backup at 03:00 every day

[Timer]
OnCalendar=*-*-* 03:00:00
Persistent=true

[Install]
WantedBy=timers.target

# The site, supervised by systemd: the supervisor itself, not npm, which does not pass the stop on.
# -H 127.0.0.1 serves a reverse proxy on this machine (TLS); without it, every address.
# /etc/systemd/system/suncoast-shine.service
[Unit]
Description=Suncoast Shine website
After=network-online.target
Wants=network-online.target

[Service]
User=${user}
WorkingDirectory=${folder}
Environment=PORT=3000
ExecStart=${run(SITE)}
KillMode=mixed
TimeoutStopSec=120
SuccessExitStatus=130 143
Restart=on-failure

[Install]
WantedBy=multi-user.target

# Then: sudo systemctl daemon-reload && sudo systemctl enable --now suncoast-shine.service suncoast-shine-backup.timer`;
}
