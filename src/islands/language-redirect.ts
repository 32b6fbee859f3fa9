/**
 * The tiny script BaseLayout inlines at the top of <head> on public pages, so it runs before the page
 * paints. It marks the document as scripted (`html.js`, which reveals parts that only make sense with
 * JavaScript, such as the promo banner's loading state), and sends a visitor whose stored language is
 * offered, not English and not the page's language to the same page in that language. The target page
 * is in the stored language, so it never redirects again.
 *
 * It is a string rather than a bundled module because a module script runs only after parsing;
 * the unit tests execute this exact string.
 */
export function languageRedirectScript(options: { offered: readonly string[]; defaultLanguage: string; storageKey: string; redirect: boolean }): string {
  const { offered, defaultLanguage, storageKey, redirect } = options;
  const mark = "document.documentElement.classList.add('js');";
  if (!redirect) return mark;
  return (
    mark +
    '(function(){try{' +
    `var o=${JSON.stringify(offered)},d=${JSON.stringify(defaultLanguage)},s=localStorage.getItem(${JSON.stringify(storageKey)}),` +
    "p=location.pathname,f=p.split('/')[1]||'',c=(o.indexOf(f)>-1&&f!==d)?f:d;" +
    'if(!s||s===d||s===c||o.indexOf(s)<0)return;' +
    "var r=c===d?p:(p.slice(f.length+1)||'/');" +
    "location.replace((r==='/'?'/'+s:'/'+s+r)+location.search+location.hash)" +
    '}catch(e){}})();'
  );
}
