import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '@/stores/toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

export interface ToasterProps {
  /** Label of each toast's close button; pass the translated string. */
  closeLabel?: string;
}

/** Mount exactly once per page (a second copy would show every toast twice); it renders `$toasts`. */
export function Toaster({ closeLabel = 'Close' }: ToasterProps) {
  const toasts = useStore($toasts);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose aria-label={closeLabel} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
