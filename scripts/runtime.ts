/**
 * The Node.js this project runs on. `npm install` puts Node 24 LTS from the npm registry in
 * node_modules/.bin on Linux (x64, arm64), and npm scripts run on it whatever the system Node is;
 * elsewhere the system Node must be 22.19 or newer (`.nvmrc` names 24).
 */
export const MINIMUM_NODE = [22, 19] as const;

/**
 * What the server's Node is started with (`npm start`, the production command in docs/operations.md,
 * the benchmarks). V8 in Node 24 lets the young generation grow to 64 MB per heap and keeps it while
 * idle: the idle server held 426 MB instead of Node 20's 291 MB. Node 20's 16 MB bring it back to about
 * 340 MB (docs/benchmarks.md, "Runtime").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;

/** True when `version` ("v24.21.0") is at least MINIMUM_NODE. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
}

/** Stops with one line saying what to do when this process runs on an unsupported Node. */
export function requireSupportedNode(): void {
  if (isSupportedNode(process.version)) return;
  console.error(
    `This project needs Node.js ${MINIMUM_NODE.join('.')} or newer (24 LTS recommended); this is ${process.version} at ${process.execPath}. ` +
      'Run it through npm (`npm start`, `npm test`), which uses the Node 24 that `npm install` fetched on Linux, or install Node 24 (see .nvmrc).',
  );
  process.exit(1);
}
