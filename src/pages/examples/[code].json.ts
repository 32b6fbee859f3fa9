import type { APIRoute } from 'astro';
import { styleExamples } from '@/components/site-content';
import { LANGUAGES, type Language } from '@/shared/i18n';

/**
 * The style gallery's examples in one language (images and alt texts), which the landing page fetches
 * when a visitor opens another style or the rotator needs its next round: its HTML carries only the
 * first style's, so that the page's first bytes stay small.
 */
export function getStaticPaths() {
  return LANGUAGES.map(({ code }) => ({ params: { code } }));
}

export const GET: APIRoute = async ({ params }) => {
  const examples = await styleExamples(params.code as Language);
  return new Response(JSON.stringify(Object.fromEntries(examples)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
