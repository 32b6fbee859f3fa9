/** True for `?type=beta` (the beta page's Start Now link), which New Order and the wizard carry along. */
export function isBetaQuery(path: string): boolean {
  const query = path.split('#')[0].split('?')[1] ?? '';
  return new URLSearchParams(query).get('type') === 'beta';
}
