import type * as React from 'react';
import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn';

/** Up to two uppercase initials from the first letters of the words of `nickName`. */
export function initials(nickName: string): string {
  return (
    nickName
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // Array.from keeps a letter outside the BMP whole instead of splitting its surrogate pair.
      .map((word) => Array.from(word)[0].toLocaleUpperCase())
      .join('')
  );
}

export const avatarVariants = cva('relative flex shrink-0 overflow-hidden rounded-full', {
  variants: {
    size: {
      sm: 'size-6 text-xs',
      base: 'size-8 text-sm',
      lg: 'size-10 text-base',
    },
  },
  defaultVariants: { size: 'base' },
});

export function Avatar({ className, size, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root> & VariantProps<typeof avatarVariants>) {
  return <AvatarPrimitive.Root data-slot="avatar" data-size={size ?? 'base'} className={cn(avatarVariants({ size }), className)} {...props} />;
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image data-slot="avatar-image" className={cn('aspect-square size-full object-cover', className)} {...props} />;
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn('flex size-full items-center justify-center rounded-full bg-secondary font-medium text-secondary-foreground', className)}
      {...props}
    />
  );
}
