// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Badge } from '@/ui/badge';

describe('Badge', () => {
  it.each([
    ['default', 'bg-primary'],
    ['secondary', 'bg-secondary'],
    ['outline', 'text-foreground'],
    ['success', 'bg-success'],
    ['info', 'bg-info'],
    ['destructive', 'bg-destructive'],
    ['neutral', 'bg-muted'],
  ] as const)('%s variant uses %s', (variant, expected) => {
    render(<Badge variant={variant}>{variant}</Badge>);
    expect(screen.getByText(variant).className.split(' ')).toContain(expected);
  });
});
