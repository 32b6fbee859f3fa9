import { nextTabIndex } from './tabs';

/**
 * The style gallery's tabs (WAI-ARIA tabs, automatic activation): a click or an arrow key shows that
 * style's panel. Every panel is in the HTML; without JavaScript the first one shows.
 */
export function initStyleGallery(root: Document = document): void {
  const list = root.querySelector<HTMLElement>('[data-style-tabs]');
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]'));

  const select = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      const selected = i === index;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = root.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    });
    if (focus) tabs[index]?.focus();
  };

  for (const [index, tab] of tabs.entries()) tab.addEventListener('click', () => select(index, false));
  list.addEventListener('keydown', (event) => {
    const current = tabs.indexOf(root.activeElement as HTMLButtonElement);
    const next = nextTabIndex(Math.max(current, 0), event.key, tabs.length);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  });
}
