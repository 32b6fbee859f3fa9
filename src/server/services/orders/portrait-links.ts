import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { installationKey } from '../installation-keys.js';

/** The `app_state` entry that holds the installation's key (base64url), made on first use. */
export const PORTRAIT_LINK_KEY = 'portraitLinkKey';
const DAY_MS = 24 * 3600 * 1000;
/** The key that signs portrait links, so every process of the installation signs and checks alike. */
const linkKey = async (db: Db) => keyObject(await installationKey(db, PORTRAIT_LINK_KEY));

/**
 * The key as a KeyObject, made once per key: an HMAC from a raw Buffer imports the key every time,
 * about seven times the cost of the signature itself, which a team's page of 1,500 thumbnails felt.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let made = keyObjects.get(key);
  if (!made) {
    made = createSecretKey(key);
    keyObjects.set(key, made);
  }
  return made;
}

const signature = (key: Buffer | KeyObject, orderId: string, expires: number) => createHmac('sha256', key).update(`${orderId}.${expires}`).digest('base64url');

/**
 * A token that lets whoever holds it fetch this order's portraits for a day or two without the session:
 * the gallery's images then cost the server a signature check and a file, not a session and an order
 * lookup each. It is handed only to the order's owner (in the order's info) and is the same all UTC
 * day, so a portrait keeps one URL that the browser caches. Valid until the end of the next UTC day.
 */
export async function portraitLinkToken(db: Db, orderId: string, now: Date): Promise<string> {
  return signPortraitLink(await linkKey(db), orderId, now);
}

/** The token itself, from the key (benchmarks sign with a key they seeded). */
export function signPortraitLink(key: Buffer | KeyObject, orderId: string, now: Date): string {
  const expires = (Math.floor(now.getTime() / DAY_MS) + 2) * (DAY_MS / 1000);
  return `${expires}.${signature(key, orderId, expires)}`;
}

/** Whether `token` was made for this order by this installation and has not expired. */
export async function portraitLinkValid(db: Db, orderId: string, token: string, now: Date): Promise<boolean> {
  const [, expiresText, signed] = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
  if (!expiresText || !signed) return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(await linkKey(db), orderId, expires));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const favoriteSignature = (key: Buffer | KeyObject, orderId: string, no: number, expires: number) =>
  createHmac('sha256', key).update(`favorite.${orderId}.${no}.${expires}`).digest('base64url');

/**
 * A token for one favourite portrait's thumbnail, for a team's admin: it names the portrait, so it opens
 * no other image of the order, and the image route checks that the portrait is still a favourite.
 * Prefixed `f` so the route tells it from an order's token.
 */
export async function favoriteLinkToken(db: Db, orderId: string, no: number, now: Date): Promise<string> {
  return (await favoriteLinkSigner(db, now))(orderId, no);
}

/** Signs favourite tokens for many portraits at once (a team's page lists hundreds): the key is read once. */
export async function favoriteLinkSigner(db: Db, now: Date): Promise<(orderId: string, no: number) => string> {
  const key = await linkKey(db);
  const expires = (Math.floor(now.getTime() / DAY_MS) + 2) * (DAY_MS / 1000);
  return (orderId, no) => `f${expires}.${favoriteSignature(key, orderId, no, expires)}`;
}

/** Whether `token` is a favourite token of this portrait, unexpired. */
export async function favoriteLinkValid(db: Db, orderId: string, no: number, token: string, now: Date): Promise<boolean> {
  const [, expiresText, signed] = /^f(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
  if (!expiresText || !signed) return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(favoriteSignature(await linkKey(db), orderId, no, expires));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
