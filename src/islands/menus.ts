/**
 * The header's phone menu and the language menus are <details> elements, so they open without
 * JavaScript. This adds what a menu is expected to do: close on Escape (focus back on its button),
 * on a click outside, and after choosing a link (same-page anchors do not navigate away).
 */
export function initDisclosureMenus(root: Document = document): void {
  const menus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details.site-menu, details.language-menu'));

  root.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    for (const menu of menus()) {
      if (!menu.open) continue;
      const inside = target ? menu.contains(target) : false;
      if (!inside || target?.closest('a')) menu.open = false;
    }
  });

  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus()) {
      if (!menu.open) continue;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}
