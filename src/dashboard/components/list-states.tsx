import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/ui/button';
import { Skeleton } from '@/ui/skeleton';

/** The Refresh button of a list page; its icon spins while the list loads. */
export function RefreshButton({ loading, onRefresh, label }: { loading: boolean; onRefresh: () => void; label: string }) {
  return (
    <Button variant="outline" onClick={onRefresh} disabled={loading}>
      <RefreshCwIcon className={loading ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
      {label}
    </Button>
  );
}

/** Placeholder rows shown until a list's first answer arrives. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-3 p-4" role="status" aria-label={label}>
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-6 w-2/3" />
    </div>
  );
}
