import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { watchUser } from '@/stores/user';
import { SidebarInset, SidebarProvider, SidebarTrigger, useSidebar } from '@/ui/sidebar';
import { AppSidebar } from './app-sidebar';
import { ConnectionBanner } from './connection-banner';
import { LanguageSwitch } from './language-switch';

function TopBar() {
  const { t } = useTranslation();
  const { isMobile } = useSidebar();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <SidebarTrigger label={t('dashboard.sidebar.toggle')} className="-ml-1" />
      {isMobile && (
        <a href="/dashboard" className="truncate font-semibold">
          {t('meta.siteName')}
        </a>
      )}
      <div className="ml-auto shrink-0">
        <LanguageSwitch />
      </div>
    </header>
  );
}

/** The signed-in frame around every sidebar page: sidebar, top bar, and the user info kept fresh. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const tRef = useRef(t);
  tRef.current = t;

  // On mount and whenever the tab becomes visible again ("on reactivation").
  useEffect(() => watchUser(() => ({ errorPrefix: tRef.current('dashboard.errors.userInfo') })), []);

  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <TopBar />
        <ConnectionBanner />
        <main id="main" className="flex-1">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
