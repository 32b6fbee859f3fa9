import * as React from 'react';
import { Slot } from '@radix-ui/react-slot';
import { useStore } from '@nanostores/react';
import { cva, type VariantProps } from 'class-variance-authority';
import { PanelLeftIcon } from 'lucide-react';
import { SIDEBAR } from '@/shared/limits';
import { $sidebarOpen, $sidebarOpenMobile, MOBILE_QUERY, setSidebarOpen, setSidebarOpenMobile, toggleSidebar } from '@/stores/sidebar';
import { Button } from './button';
import { cn } from './cn';

import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

const MobileSidebar = React.lazy(() => import('./sidebar-lazy').then((m) => ({ default: m.MobileSidebar })));

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

/** The sidebar's state and actions; only inside SidebarProvider. */
export function useSidebar(): SidebarContextValue {
  const context = React.useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within SidebarProvider');
  return context;
}

function subscribeMobile(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True at widths up to 768px, where the sidebar is a slide-over panel. Correct from the first render. */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/**
 * Holds the sidebar state (kept in the `$sidebarOpen` store and the `sidebar:state` cookie), binds
 * Ctrl/Cmd+B.
 */
export function SidebarProvider({ className, style, children, ...props }: React.ComponentProps<'div'>) {
  const isMobile = useIsMobile();
  const open = useStore($sidebarOpen);
  const openMobile = useStore($sidebarOpenMobile);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR.shortcutKey || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggleSidebar(isMobile);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMobile]);

  // A panel left open on a phone must not pop up again after the window was widened and narrowed.
  React.useEffect(() => {
    if (!isMobile) setSidebarOpenMobile(false);
  }, [isMobile]);

  const value = React.useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen: setSidebarOpen,
      openMobile,
      setOpenMobile: setSidebarOpenMobile,
      isMobile,
      toggleSidebar: () => toggleSidebar(isMobile),
    }),
    [open, openMobile, isMobile],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            '--sidebar-width': SIDEBAR.width,
            '--sidebar-width-icon': SIDEBAR.widthIcon,
            '--sidebar-width-mobile': SIDEBAR.widthMobile,
            ...style,
          } as React.CSSProperties
        }
        className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export type SidebarProps = React.ComponentProps<'div'> & {
  /** Accessible name of the mobile panel (a dialog needs a title). */
  label: string;
  /** Label of the mobile panel's close button. */
  closeLabel?: string;
};

/** A fixed column that collapses to icons on desktop, and a slide-over Sheet from the left on mobile. */
export function Sidebar({ className, children, label, closeLabel, ...props }: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  // The panel's code arrives with its first opening; once there it stays mounted, for its closing animation.
  const [everOpened, setEverOpened] = React.useState(openMobile);
  React.useEffect(() => {
    if (openMobile) setEverOpened(true);
  }, [openMobile]);

  if (isMobile) {
    if (!everOpened && !openMobile) return null;
    return (
      <React.Suspense fallback={null}>
        <MobileSidebar open={openMobile} onOpenChange={setOpenMobile} label={label} closeLabel={closeLabel} className={className} {...props}>
          {children}
        </MobileSidebar>
      </React.Suspense>
    );
  }

  return (
    <div data-slot="sidebar" data-state={state} data-collapsible={state === 'collapsed' ? 'icon' : ''} className="group peer text-sidebar-foreground">
      {/* Reserves the sidebar's width in the page flow, so the inset never slides under it. */}
      <div
        data-slot="sidebar-gap"
        className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) motion-reduce:transition-none"
      />
      {/* A landmark of its own, so the product's link at its head and the user menu at its foot are in one. */}
      <aside
        aria-label={label}
        data-slot="sidebar-container"
        className="fixed inset-y-0 left-0 z-10 flex h-svh w-(--sidebar-width) border-r border-sidebar-border transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) motion-reduce:transition-none"
      >
        <div data-sidebar="sidebar" className={cn('flex h-full w-full flex-col bg-sidebar', className)} {...props}>
          {children}
        </div>
      </aside>
    </div>
  );
}

/** The button that collapses the sidebar on desktop and opens the panel on mobile. */
export function SidebarTrigger({ className, onClick, label, ...props }: React.ComponentProps<typeof Button> & { label: string }) {
  const { toggleSidebar: toggle, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-8', className)}
      aria-expanded={isMobile ? openMobile : open}
      onClick={(event) => {
        onClick?.(event);
        toggle();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </Button>
  );
}

/** The page area beside the sidebar. */
export function SidebarInset({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-inset" className={cn('relative flex w-full min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden', className)}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="sidebar-group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />;
}

/** Fades out and folds away when the sidebar is collapsed to icons. */
export function SidebarGroupLabel({ className, asChild = false, ...props }: React.ComponentProps<'div'> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70 transition-[margin,opacity] duration-200 ease-linear group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0 motion-reduce:transition-none',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: React.ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: React.ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('group/menu-item relative', className)} {...props} />;
}

export const sidebarMenuButtonVariants = cva(
  'peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none transition-[width,height,padding] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground data-[state=open]:bg-sidebar-accent group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      size: {
        default: 'h-8 text-sm',
        lg: 'h-12 text-sm group-data-[collapsible=icon]:p-0!',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

export type SidebarMenuButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof sidebarMenuButtonVariants> & {
    asChild?: boolean;
    /** Highlights the entry and marks it `aria-current="page"`. */
    isActive?: boolean;
    /** Shown beside the icon while the sidebar is collapsed. */
    tooltip?: string;
  };

export function SidebarMenuButton({ asChild = false, isActive = false, size, tooltip, className, ...props }: SidebarMenuButtonProps) {
  const Comp = asChild ? Slot : 'button';
  const { isMobile, state } = useSidebar();
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-size={size ?? 'default'}
      data-active={isActive}
      aria-current={isActive ? 'page' : undefined}
      className={cn(sidebarMenuButtonVariants({ size }), className)}
      {...props}
    />
  );
  // Labels show only beside the icons of the collapsed sidebar on a wide screen. Their code is not loaded
  // lazily: a pointer resting on an icon while it arrived got no label until it moved again.
  if (!tooltip || state !== 'collapsed' || isMobile) return button;
  return (
    <TooltipProvider delayDuration={0}>
      <Tooltip>
        <TooltipTrigger asChild>{button}</TooltipTrigger>
        <TooltipContent side="right" align="center">
          {tooltip}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
