import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, SERVER_NODE_FLAGS } from '../../../scripts/runtime';

describe('[runtime] the Node.js versions the project runs on', () => {
  it.each([
    ['v24.21.0', true],
    ['v26.1.0', true],
    ['v22.19.0', true],
    ['v23.0.0', true],
    ['v22.18.1', false],
    ['v20.20.2', false],
    ['v18.20.8', false],
  ])('%s: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it('the tests themselves run on a supported Node, the one npm install provides on Linux', () => {
    expect(isSupportedNode(process.version)).toBe(true);
  });

  it('npm start and the production command start the server with the same Node flags', () => {
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    const operations = readFileSync('docs/operations.md', 'utf8');
    for (const flag of SERVER_NODE_FLAGS) {
      expect(start).toContain(flag);
      expect(operations).toContain(`node_modules/.bin/node ${flag}`);
    }
  });
});
