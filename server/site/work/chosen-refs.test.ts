// Which requests name a ref of their client's choosing (decision 030).
import { describe, expect, it } from 'vitest';
import { parseUrl } from '../../urls.js';
import { namesOnlyPublished } from './chosen-refs.js';

const grammar = { instances: [{ base: 'general', versionPaths: new Set(['4.5']), folderPaths: new Set<string>() }] };

/** True when the URL names only published versions. */
const published = (url: string) => {
  const [path, query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  return namesOnlyPublished(parseUrl(path, grammar, search), search);
};

describe('namesOnlyPublished', () => {
  it('tells published versions from previews, permalinks and refs named in the query', () => {
    expect(published('/general/community')).toBe(true);
    expect(published('/general/4.5/community')).toBe(true);
    expect(published('/api/search?q=x&ref=4.5')).toBe(true);
    expect(published('/general/community?diff')).toBe(true);
    expect(published('/general/@abc1234/community')).toBe(false);
    expect(published('/general/~feature/community')).toBe(false);
    expect(published('/api/search?q=x&ref=@abc1234')).toBe(false);
    expect(published('/general/changes?base=~feature')).toBe(false);
    expect(published('/general/community?diff=@abc1234')).toBe(false);
  });
});
