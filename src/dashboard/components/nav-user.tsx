import { ChevronsUpDownIcon } from 'lucide-react';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/ui/sidebar';
import { useLazyMenu } from './use-lazy-menu';
import { UserIdentity } from './user-identity';

/** The user menu's button at the foot of the sidebar; the menu itself loads when reached for. */
export function NavUser() {
  const { Menu, menuProps, triggerProps } = useLazyMenu(() => import('./nav-user-menu').then((m) => m.NavUserMenu));
  if (Menu) return <Menu {...menuProps} />;
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton size="lg" {...triggerProps}>
          <UserIdentity />
          <ChevronsUpDownIcon className="ml-auto" aria-hidden="true" />
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
