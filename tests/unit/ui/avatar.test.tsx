// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Avatar, AvatarFallback, initials } from '@/ui/avatar';

describe('initials', () => {
  it.each([
    ['ada lovelace byron', 'AL'],
    ['ada', 'A'],
    ['', ''],
    ['   ', ''],
    ['  grace   hopper ', 'GH'],
    ['élodie durand', 'ÉD'],
    ['x', 'X'],
  ])('initials(%j) is %j', (nickName, expected) => {
    expect(initials(nickName)).toBe(expected);
  });
});

describe('Avatar', () => {
  it('shows the initials as the fallback when there is no image', () => {
    render(
      <Avatar size="lg">
        <AvatarFallback>{initials('ada lovelace')}</AvatarFallback>
      </Avatar>,
    );
    const fallback = screen.getByText('AL');
    expect(fallback.getAttribute('data-slot')).toBe('avatar-fallback');
    expect(fallback.parentElement?.className).toContain('size-10');
  });
});
