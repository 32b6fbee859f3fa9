/**
 * The test files whose vitest worker died by a signal, from vitest's output: a V8 fatal error (such as
 * the CHECK in its WebAssembly code memory of nodejs/node#64500) aborts the worker with SIGTRAP, SIGSEGV
 * or SIGABRT, and vitest names the file it was running. scripts/test-integration.ts runs those files once
 * more when no test failed.
 */
export function crashedFiles(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its output, even into a pipe.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const pattern = /Worker exited unexpectedly with signal (?:SIGTRAP|SIGSEGV|SIGABRT|SIGILL|SIGBUS) during \w+ state while running test file (\S+)/g;
  return [...new Set([...plain.matchAll(pattern)].map((match) => match[1] ?? ''))].filter(Boolean);
}
