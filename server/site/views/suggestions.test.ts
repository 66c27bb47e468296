import { describe, expect, it } from 'vitest';
import { docSetOf, page } from '../../content/sidebars/test-support.js';
import { suggestPages } from './suggestions.js';

describe('suggestPages', async () => {
  const { docSet } = await docSetOf({
    'general/guides/install-guide.md': page({ title: 'Installing' }),
    'general/guides/upgrade.md': page({ title: 'Upgrading' }),
    'general/reference/install.md': page({ title: 'Install reference' }),
    'general/secret.md': `---\ntitle: Secret\nunlisted: true\n---\n\nText.\n`,
    'general/community.md': page({ title: 'Community' }),
  });

  it('offers the pages whose address shares the most words, the last segment first', () => {
    expect(suggestPages(docSet, 'old/install').map((s) => s.label)).toEqual(['Install reference', 'Installing']);
    // No word of the last segment matches: pages of the same folder, shortest address first.
    expect(suggestPages(docSet, 'guides/upgrading').map((s) => s.permalink)).toEqual(['/general/guides/upgrade', '/general/guides/install-guide']);
  });

  it('offers nothing for an address that shares no word, and never an unlisted page', () => {
    expect(suggestPages(docSet, 'zzz')).toEqual([]);
    expect(suggestPages(docSet, 'secret')).toEqual([]);
  });
});
