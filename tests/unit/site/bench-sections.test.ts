import { describe, expect, it } from 'vitest';
import { replaceSection } from '../../../bench/run';

describe('[bench] docs/benchmarks.md sections', () => {
  const doc =
    '# Benchmarks\n\nIntro.\n\n<!-- bench:landing -->\nold landing\n<!-- /bench:landing -->\n\n<!-- bench:api -->\napi figures\n<!-- /bench:api -->\n';

  it('rewrites only its own section', () => {
    const next = replaceSection(doc, 'landing', 'new landing');
    expect(next).toContain('<!-- bench:landing -->\nnew landing\n<!-- /bench:landing -->');
    expect(next).not.toContain('old landing');
    expect(next).toContain('<!-- bench:api -->\napi figures\n<!-- /bench:api -->');
    expect(next.startsWith('# Benchmarks\n\nIntro.')).toBe(true);
  });

  it('appends a section that does not exist yet', () => {
    const next = replaceSection('# Benchmarks\n', 'landing', 'figures');
    expect(next).toBe('# Benchmarks\n\n<!-- bench:landing -->\nfigures\n<!-- /bench:landing -->\n');
  });
});
