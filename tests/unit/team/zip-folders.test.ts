import { describe, expect, it } from 'vitest';
import { safeFolder, uniqueFolders } from '@/server/services/teams/favorites-zip';

describe('[team] the favourites zip has one folder per member', () => {
  it('keeps a+b@x and a_b@x apart, and any two addresses that would make one folder', () => {
    expect(safeFolder('a+b@x.example')).toBe('a+b@x.example');
    const folders = uniqueFolders(['a_b@x.example', 'a+b@x.example', 'ä@x.example', '_@x.example', 'Ann@x.example', 'ann@x.example']);
    expect(new Set(folders.values()).size).toBe(6);
    expect(new Set([...folders.values()].map((f) => f.toLowerCase())).size).toBe(6);
    expect(folders.get('a+b@x.example')).toBe('a+b@x.example');
    expect([folders.get('_@x.example'), folders.get('ä@x.example')].sort()).toEqual(['_@x.example', '_@x.example-2']);
  });
});
