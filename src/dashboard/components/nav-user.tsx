import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import { ChevronsUpDownIcon, LanguagesIcon, LogOutIcon, UserIcon } from 'lucide-react';
import { isOfferedLanguage, LANGUAGES } from '@/shared/i18n';
import { $language, setLanguage } from '@/stores/language';
import { $user } from '@/stores/user';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/ui/sidebar';

/** Avatar, name and email; 'Loggin in' (sic: the product's exact words) until the user info arrives. */
function UserIdentity() {
  const { t } = useTranslation();
  const user = useStore($user);
  const name = user?.nickName ?? t('dashboard.sidebar.loggingIn');
  const email = user?.email ?? t('dashboard.sidebar.loggingIn');
  return (
    <>
      <Avatar className="rounded-lg" aria-hidden="true">
        {user?.avatar && <AvatarImage src={user.avatar} alt="" referrerPolicy="no-referrer" />}
        <AvatarFallback className="rounded-lg">{user ? initials(user.nickName) : ''}</AvatarFallback>
      </Avatar>
      <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{email}</span>
      </span>
    </>
  );
}

/** The user menu at the foot of the sidebar: Account, language and Log out. */
export function NavUser() {
  const { t } = useTranslation();
  const language = useStore($language);
  const { isMobile } = useSidebar();

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg">
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
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <LanguagesIcon aria-hidden="true" />
                {t('dashboard.sidebar.language')}
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent>
                <DropdownMenuRadioGroup
                  value={language}
                  onValueChange={(value) => {
                    if (isOfferedLanguage(value)) setLanguage(value);
                  }}
                >
                  {LANGUAGES.map((l) => (
                    <DropdownMenuRadioItem key={l.code} value={l.code} lang={l.htmlLang}>
                      {l.name}
                    </DropdownMenuRadioItem>
                  ))}
                </DropdownMenuRadioGroup>
              </DropdownMenuSubContent>
            </DropdownMenuSub>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              {/* A plain navigation: the server ends the session and redirects to the home page. */}
              <a href="/v1/logout">
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
