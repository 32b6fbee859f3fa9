import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { installationKey } from '../installation-keys.js';

/**
 * A shareable link's token: 256 bits derived from the link's id with the installation's secret, so the
 * admin's page can show the link again while the database keeps only its hash (a leaked table does not
 * hand out joins).
 */
export async function linkToken(db: Db, linkId: string): Promise<string> {
  return createHmac('sha256', await installationKey(db, 'teamLinkKey'))
    .update(linkId)
    .digest('base64url');
}

export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/dashboard/team/join?invitation=${token}`;
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/dashboard/team/join?link=${token}`;
