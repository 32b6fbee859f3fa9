import { useTranslation } from 'react-i18next';
import { ChevronsUpDownIcon, LogOutIcon, UserIcon } from 'lucide-react';
import { browserNavigation } from '@/stores/user';
import { clearDrafts } from '@/stores/wizard-draft';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/ui/sidebar';
import type { LazyMenuProps } from './use-lazy-menu';
import { UserIdentity } from './user-identity';

/**
 * The user menu at the foot of the sidebar: Account and Log out (the language switch is in the top
 * bar). Its own chunk (Radix's menu and popper), swapped in for NavUser's plain button when the
 * visitor reaches for it.
 */
export function NavUserMenu({ defaultOpen = false, takeFocus = false }: LazyMenuProps) {
  const { t } = useTranslation();
  const { isMobile } = useSidebar();

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu defaultOpen={defaultOpen}>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg" autoFocus={takeFocus}>
              <UserIdentity />
              <ChevronsUpDownIcon className="ml-auto" aria-hidden="true" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            side={isMobile ? 'top' : 'right'}
            align="end"
            sideOffset={8}
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
          >
            <DropdownMenuLabel className="flex items-center gap-2 p-1.5 font-normal">
              <UserIdentity />
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <a href="/dashboard/account">
                <UserIcon aria-hidden="true" />
                {t('dashboard.sidebar.account')}
              </a>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              {/* A plain navigation: the server ends the session and redirects to the home page. This
                  browser's draft of an order (its photos) goes first. */}
              <a
                href="/v1/logout"
                onClick={(event) => {
                  event.preventDefault();
                  void clearDrafts().then(() => browserNavigation.assign('/v1/logout'));
                }}
              >
                <LogOutIcon aria-hidden="true" />
                {t('dashboard.sidebar.logOut')}
              </a>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
