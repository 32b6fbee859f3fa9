import { afterEach } from 'vitest';

// Files that render run in jsdom (`@vitest-environment jsdom`); the rest run in plain Node and skip this.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
