import { afterEach } from 'vitest';

// Files that render run in happy-dom (`@vitest-environment happy-dom`); the rest run in plain Node and skip this.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
