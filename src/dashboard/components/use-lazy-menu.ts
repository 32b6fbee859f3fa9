import { type ComponentType, useRef, useState } from 'react';

/** What a lazily loaded menu needs to open the way the visitor reached for it. */
export interface LazyMenuProps {
  defaultOpen?: boolean;
  takeFocus?: boolean;
}

/**
 * A menu whose code (Radix's dropdown and its popper) loads when the pointer or the focus reaches its
 * plain button, and then takes the button's place, keeping the focus; a press before the code arrived
 * opens the menu as soon as it has. A press counts from the pointer going down, as it does for the
 * menu's own trigger: when the code arrives between the button going down and coming up, the click
 * lands on the new trigger, which ignores clicks.
 */
export function useLazyMenu(loader: () => Promise<ComponentType<LazyMenuProps>>) {
  const [menu, setMenu] = useState<{ Menu: ComponentType<LazyMenuProps> } | null>(null);
  const reached = useRef({ loading: false, focus: false, press: false });
  const load = (how?: 'focus' | 'press') => {
    if (how) reached.current[how] = true;
    if (reached.current.loading) return;
    reached.current.loading = true;
    loader().then(
      (Menu) => setMenu({ Menu }),
      () => {
        reached.current.loading = false;
      },
    );
  };
  const { focus, press } = reached.current;
  return {
    Menu: menu?.Menu ?? null,
    menuProps: { defaultOpen: press, takeFocus: focus || press } satisfies LazyMenuProps,
    /** Spread on the plain button that stands in for the menu's trigger. */
    triggerProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: () => load(),
      onFocus: () => load('focus'),
      onBlur: () => {
        reached.current.focus = false;
      },
      onPointerDown: (event: { button: number }) => {
        if (event.button === 0) load('press');
      },
      onClick: () => load('press'),
    },
  };
}
