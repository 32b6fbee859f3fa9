import { type ComponentType, useRef, useState } from 'react';
import { ChevronsUpDownIcon } from 'lucide-react';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/ui/sidebar';
import { UserIdentity } from './user-identity';

type Menu = ComponentType<{ defaultOpen?: boolean; takeFocus?: boolean }>;

/**
 * The user menu's button at the foot of the sidebar. The menu's code (Radix's dropdown and its popper)
 * loads when the pointer or the focus reaches the button and then takes the button's place, keeping
 * the focus; a press before the code arrived opens the menu as soon as it has. A press counts from the
 * pointer going down, as it does for the menu's own trigger: when the code arrives between the button
 * going down and coming up, the click lands on the new trigger, which ignores clicks.
 */
export function NavUser() {
  const [menu, setMenu] = useState<{ Menu: Menu } | null>(null);
  const reached = useRef({ loading: false, focus: false, press: false });
  const load = (how?: 'focus' | 'press') => {
    if (how) reached.current[how] = true;
    if (reached.current.loading) return;
    reached.current.loading = true;
    import('./nav-user-menu').then(
      (m) => setMenu({ Menu: m.NavUserMenu }),
      () => {
        reached.current.loading = false;
      },
    );
  };
  if (menu) {
    const { focus, press } = reached.current;
    return <menu.Menu defaultOpen={press} takeFocus={focus || press} />;
  }
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton
          size="lg"
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerEnter={() => load()}
          onFocus={() => load('focus')}
          onBlur={() => {
            reached.current.focus = false;
          }}
          onPointerDown={(event) => {
            if (event.button === 0) load('press');
          }}
          onClick={() => load('press')}
        >
          <UserIdentity />
          <ChevronsUpDownIcon className="ml-auto" aria-hidden="true" />
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
