import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumb, BreadcrumbItem, BreadcrumbLink, BreadcrumbList, BreadcrumbPage, BreadcrumbSeparator } from '@/ui/breadcrumb';
import { cn } from '@/ui/cn';

export interface Crumb {
  label: string;
  /** Omitted for the current page, the last crumb. Each crumb of a trail is a different page, so this (or the label) keys it. */
  href?: string;
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Trail above the title, e.g. My Orders > View Order. */
  breadcrumb?: Crumb[];
  /** Buttons on the right of the title (Refresh and the like). */
  actions?: ReactNode;
  className?: string;
}

/** A dashboard page's heading: optional breadcrumb, the h1, a description and actions. */
export function PageHeader({ title, description, breadcrumb, actions, className }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={cn('flex flex-col gap-3', className)}>
      {breadcrumb && breadcrumb.length > 0 && (
        <Breadcrumb aria-label={t('dashboard.breadcrumb')}>
          <BreadcrumbList>
            {breadcrumb.map((crumb, i) => (
              <Fragment key={crumb.href ?? crumb.label}>
                {i > 0 && <BreadcrumbSeparator />}
                <BreadcrumbItem>
                  {crumb.href ? <BreadcrumbLink href={crumb.href}>{crumb.label}</BreadcrumbLink> : <BreadcrumbPage>{crumb.label}</BreadcrumbPage>}
                </BreadcrumbItem>
              </Fragment>
            ))}
          </BreadcrumbList>
        </Breadcrumb>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-1 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}

/** The standard width and spacing of a dashboard page. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-5xl space-y-6 p-4 sm:p-6', className)}>{children}</div>;
}
