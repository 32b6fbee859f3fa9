import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@nanostores/react';
import {
  ApertureIcon,
  ChartColumnIcon,
  GiftIcon,
  HeartHandshakeIcon,
  CircleHelpIcon,
  CirclePlusIcon,
  ClipboardListIcon,
  ImagesIcon,
  ReceiptIcon,
  ScrollTextIcon,
  SearchIcon,
  UserPlusIcon,
  UsersIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { $path } from '@/stores/location';
import { $team } from '@/stores/team';
import { $user } from '@/stores/user';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/ui/sidebar';
import { NavUser } from './nav-user';

interface NavItem {
  key: string;
  href: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** Deeper pages that belong to this entry, e.g. an order's photos to My Orders. */
  children?: string[];
}

/** Who sees a group or an entry: everyone when absent. */
type Audience = 'operator' | 'teamAdmin' | 'teamMember' | 'notTeamAdmin';

interface NavGroup {
  key: 'portraits' | 'team' | 'other' | 'operations';
  items: (NavItem & { audience?: Audience })[];
  audience?: Audience;
}

/**
 * The sidebar's menu groups (spec section 2): Portraits and Other; Team for a team's owner and admins
 * (anyone else finds "Create a team" under Other); Other also holds Gift Cards and Referrals, which
 * bring customers and so must be found; Operations for operators only.
 */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: 'portraits',
    items: [
      { key: 'newOrder', href: '/dashboard/newOrder', icon: CirclePlusIcon, children: ['/dashboard/createOrder/'] },
      { key: 'myOrders', href: '/dashboard/myOrders', icon: ImagesIcon, children: ['/dashboard/photoSelector/'] },
      { key: 'teamMembership', href: '/dashboard/team/join', icon: UsersRoundIcon, audience: 'teamMember' },
    ],
  },
  {
    key: 'team',
    audience: 'teamAdmin',
    items: [{ key: 'team', href: '/dashboard/team', icon: UsersRoundIcon }],
  },
  {
    key: 'other',
    items: [
      { key: 'help', href: '/dashboard/help', icon: CircleHelpIcon },
      { key: 'receipts', href: '/dashboard/receipts', icon: ReceiptIcon },
      { key: 'releaseNotes', href: '/dashboard/releasenotes', icon: ScrollTextIcon },
      { key: 'giftCards', href: '/dashboard/giftcards', icon: GiftIcon },
      { key: 'referrals', href: '/dashboard/referrals', icon: HeartHandshakeIcon },
      { key: 'createTeam', href: '/dashboard/team', icon: UserPlusIcon, audience: 'notTeamAdmin' },
    ],
  },
  {
    key: 'operations',
    audience: 'operator',
    items: [
      { key: 'operatorOverview', href: '/dashboard/operator', icon: ChartColumnIcon },
      { key: 'operatorOrders', href: '/dashboard/operator/orders', icon: SearchIcon, children: ['/dashboard/operator/orders/'] },
      { key: 'operatorCustomers', href: '/dashboard/operator/customers', icon: UsersIcon },
      { key: 'operatorTeams', href: '/dashboard/operator/teams', icon: UsersRoundIcon, children: ['/dashboard/operator/teams/'] },
      { key: 'operatorGiftCards', href: '/dashboard/operator/giftcards', icon: GiftIcon },
      { key: 'operatorAudit', href: '/dashboard/operator/audit', icon: ClipboardListIcon },
    ],
  },
];

/**
 * The customer's part in a team, for the menu: the team store once a team page has read it (it follows
 * every admin call and a join at once), otherwise the role the user info carries. The sidebar never
 * asks for the team itself: `teamMine` is the team pages' call.
 */
function useTeamRoles(): { admin: boolean; member: boolean } {
  const role = useStore($user)?.team?.role;
  const team = useStore($team);
  if (team) return { admin: Boolean(team.admin), member: Boolean(team.membership) };
  return { admin: role === 'owner' || role === 'admin', member: role === 'member' };
}

/** Whether the menu shows an entry or group to this person. */
function shown(audience: Audience | undefined, who: { operator: boolean; admin: boolean; member: boolean }): boolean {
  switch (audience) {
    case 'operator':
      return who.operator;
    case 'teamAdmin':
      return who.admin;
    case 'teamMember':
      return who.member;
    case 'notTeamAdmin':
      return !who.admin;
    default:
      return true;
  }
}

/** Whether `pathname` is the entry's page or one of the pages under it. */
export function isActiveItem(item: Pick<NavItem, 'href' | 'children'>, pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '');
  return clean === item.href || (item.children ?? []).some((prefix) => clean.startsWith(prefix));
}

/** The dashboard's sidebar: product title, the two menu groups, and the user menu at the foot. */
export function AppSidebar() {
  const { t } = useTranslation();
  const path = useStore($path);
  const { setOpenMobile } = useSidebar();
  const operator = useStore($user)?.operator === true;
  const who = { operator, ...useTeamRoles() };
  const pathname = path.split(/[?#]/)[0];

  // Choosing a menu item (or any other navigation) closes the mobile panel.
  useEffect(() => $path.listen(() => setOpenMobile(false)), [setOpenMobile]);

  return (
    <Sidebar label={t('dashboard.sidebar.label')} closeLabel={t('dashboard.sidebar.close')}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip={t('meta.siteName')}>
              <a href="/dashboard">
                <span className="flex aspect-square size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <ApertureIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid min-w-0 flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">{t('meta.siteName')}</span>
                  <span className="truncate text-xs text-muted-foreground">{t('dashboard.personalAccount')}</span>
                </span>
              </a>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t('dashboard.sidebar.navigation')}>
          {NAV_GROUPS.filter((group) => shown(group.audience, who)).map((group) => (
            <SidebarGroup key={group.key}>
              <SidebarGroupLabel id={`sidebar-group-${group.key}`}>{t(`dashboard.sidebar.${group.key}`)}</SidebarGroupLabel>
              <SidebarMenu aria-labelledby={`sidebar-group-${group.key}`}>
                {group.items
                  .filter((item) => shown(item.audience, who))
                  .map((item) => {
                    const label = t(`dashboard.sidebar.${item.key}`);
                    const Icon = item.icon;
                    return (
                      <SidebarMenuItem key={item.key}>
                        <SidebarMenuButton asChild isActive={isActiveItem(item, pathname)} tooltip={label}>
                          <a href={item.href}>
                            <Icon aria-hidden />
                            <span>{label}</span>
                          </a>
                        </SidebarMenuButton>
                      </SidebarMenuItem>
                    );
                  })}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <NavUser />
      </SidebarFooter>
    </Sidebar>
  );
}
