import type { APIRoute } from 'astro';
import { BUNDLED_LANGUAGES, type BundledLanguage } from '@/shared/i18n';
import { BUNDLES } from '@/shared/i18n-bundles';

/** One static translation bundle per language code, loaded by the dashboard before it appears. */
export function getStaticPaths() {
  return BUNDLED_LANGUAGES.map((code) => ({ params: { code } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(BUNDLES[params.code as BundledLanguage]), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
