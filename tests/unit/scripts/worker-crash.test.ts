import { describe, expect, it } from 'vitest';
import { crashedFiles } from '../../../scripts/worker-crash';

describe('[tests] a worker V8 killed', () => {
  it('names the file its worker was running, colours and all, once', () => {
    const line =
      '\u001b[31m\u001b[1mCaused by: Error\u001b[22m: Worker exited unexpectedly with signal SIGTRAP during started state while running test file /repo/tests/integration/abuse-entitlements.test.ts\u001b[39m';
    expect(crashedFiles(`${line}\n${line}\n`)).toEqual(['/repo/tests/integration/abuse-entitlements.test.ts']);
  });

  it('names nothing for a failed test or a worker that exited with a code', () => {
    expect(crashedFiles(' FAIL  tests/integration/orders.test.ts > lists orders\nAssertionError: expected 1 to be 2')).toEqual([]);
    expect(crashedFiles('Worker exited unexpectedly with code 1 during started state while running test file /repo/tests/a.test.ts')).toEqual([]);
  });
});
