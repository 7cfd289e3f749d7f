// A request target is read without ever throwing: what is not a plain path, or is malformed, is null, for the
// server to answer 400.
import { describe, expect, it } from 'vitest';
import { parseTarget, safeDecode } from '../../../src/shared/request-target';

describe('a request target', () => {
  it('is a path with its query', () => {
    const target = parseTarget('/markets/live?limit=5&x=a%20b')!;
    expect(target.pathname).toBe('/markets/live');
    expect(target.searchParams.get('limit')).toBe('5');
    expect(target.searchParams.get('x')).toBe('a b');
  });

  it('is null when it is missing, not a path, or a host in disguise, such as `//x:99999/`', () => {
    for (const raw of [undefined, '', '*', 'http://evil.example/', '//x:99999/', '//evil.example/path']) {
      expect(parseTarget(raw)).toBeNull();
    }
  });

  it('keeps a broken escape in the path for the server to refuse, instead of throwing', () => {
    const target = parseTarget('/%E0%A4%A')!;
    expect(safeDecode(target.pathname)).toBeNull();
    expect(safeDecode('/a%20b')).toBe('/a b');
  });
});
