import type { APIRoute } from 'astro';
import { BUNDLED_LANGUAGES } from '@/shared/i18n';
import { bundles } from '@/i18n/site';

/** One static translation bundle per language code, loaded by the dashboard before it appears. */
export function getStaticPaths() {
  return BUNDLED_LANGUAGES.map((code) => ({ params: { code } }));
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(bundles[params.code as keyof typeof bundles]), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
