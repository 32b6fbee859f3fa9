import { nextTabIndex } from './tabs';

interface Example {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** Asked on the document by the rotator when it needs every style's examples for its next round. */
export const EXAMPLES_NEEDED = 'examples:needed';

/**
 * The style gallery's tabs (WAI-ARIA tabs, automatic activation): a click or an arrow key shows that
 * style's panel. Every panel is in the HTML, but only the first style's examples: the others come from
 * the gallery's `data-examples-url` (one JSON of every style) when the pointer or the focus reaches the
 * tabs, a tab opens, or the rotator asks (`examples:needed`). The lists then carry them, as the first
 * one did from the start. Without JavaScript the first panel shows.
 */
export function initStyleGallery(root: Document = document): void {
  const list = root.querySelector<HTMLElement>('[data-style-tabs]');
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const gallery = list.closest<HTMLElement>('[data-examples-url]');

  let requested = false;
  const loadExamples = () => {
    const url = gallery?.dataset.examplesUrl;
    if (!url || !gallery || requested) return;
    requested = true;
    void fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<Record<string, Example[]>>) : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((all) => {
        // Each empty list takes its style's examples, drawn as the first list's are.
        const model = gallery.querySelector('[data-style-examples] li');
        for (const target of gallery.querySelectorAll<HTMLElement>('[data-style-examples]')) {
          if (target.children.length > 0 || !model) continue;
          for (const example of all[target.dataset.styleExamples ?? ''] ?? []) {
            const item = model.cloneNode(true) as HTMLElement;
            const img = item.querySelector('img');
            if (!img) continue;
            Object.assign(img, { src: example.src, alt: example.alt, width: example.width, height: example.height });
            target.append(item);
          }
        }
      })
      .catch(() => {
        // A lost request is asked again at the next occasion; the panel stays empty until then.
        requested = false;
      });
  };

  const select = (index: number, focus: boolean) => {
    loadExamples();
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = root.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    });
    if (focus) tabs[index]?.focus();
  };

  list.addEventListener('pointerover', loadExamples, { once: true });
  list.addEventListener('focusin', loadExamples, { once: true });
  root.addEventListener(EXAMPLES_NEEDED, loadExamples);
  for (const [index, tab] of tabs.entries()) tab.addEventListener('click', () => select(index, false));
  list.addEventListener('keydown', (event) => {
    const current = tabs.indexOf(root.activeElement as HTMLButtonElement);
    const next = nextTabIndex(Math.max(current, 0), event.key, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  });
}
