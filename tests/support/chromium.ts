/**
 * The Chromium the browser suite drives: Debian's headless shell (package `chromium-headless-shell`),
 * the same Blink as `/usr/bin/chromium` without the full browser around it, as Playwright's own
 * headless runs use. It costs about half the CPU of the full browser per test (docs/benchmarks.md).
 * `CHROMIUM_PATH` points the suite at another build; the benchmarks keep the full browser.
 */
export const TEST_CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const testChromiumPath = (): string => process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
