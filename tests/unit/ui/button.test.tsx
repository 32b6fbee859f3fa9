// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button } from '@/ui/button';

describe('Button', () => {
  it('renders its child link with button styling when asChild is set', () => {
    render(
      <Button asChild variant="outline">
        <a href="/dashboard">Dashboard</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(link.className).toContain('border-input');
    expect(link.hasAttribute('type')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is a non-submitting button by default and lets className override', () => {
    render(<Button className="h-12">Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('h-12');
    expect(button.className).not.toContain('h-9');
  });
});
