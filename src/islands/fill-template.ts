/** Fills `{name}` placeholders of a translated template rendered into the page (e.g. `{remaining} out of {total}`). */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
