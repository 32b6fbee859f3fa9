import type { AppContext } from '../../context.js';
import { adminView } from './admin-view.js';
import { requireTeamAdmin } from './team-access.js';

/**
 * One CSV field: quoted when it holds a comma, quote or line break, and a leading `=`, `+`, `-`, `@`, tab or
 * carriage return prefixed with `'` so a spreadsheet reads it as text, never as a formula.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The admin's members as CSV: address, status, dates, reminders, retry, favourites. */
export async function teamMembersCsv(ctx: Pick<AppContext, 'database' | 'clock' | 'config'>, { userId, teamId }: { userId: string; teamId: string }) {
  const team = await requireTeamAdmin(ctx.database.db, userId, teamId);
  const view = await adminView(ctx, team);
  const header = ['email', 'status', 'invited_at', 'joined_at', 'status_at', 'reminders_sent', 'retry_used', 'favorites'];
  const lines = [header.join(',')];
  for (const m of view.members) {
    lines.push(
      [m.email, m.status, m.invitedAt, m.joinedAt, m.statusAt, m.remindersSent, m.retryUsed ? 'yes' : 'no', m.favorites.length].map(csvField).join(','),
    );
  }
  return { fileName: `team-members-${team.id.slice(0, 8)}.csv`, body: `${lines.join('\r\n')}\r\n` };
}
