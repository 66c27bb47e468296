// What the documentation shows must be true: its examples parse, and every variable the server
// reads is documented.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instancesOf, parseSiteConfig } from '../server/config/site-config.js';
import { parseSidebarsFile } from '../server/content/sidebars/sidebars-file.js';

const read = (file: string) => fs.readFileSync(file, 'utf8');
const blocks = (markdown: string, language: string) => [...markdown.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]);

describe('the documentation', () => {
  it('shows docsite.yaml files and a sidebars.yaml that parse', () => {
    const [markdown, config, brand, instances, sidebars] = blocks(read('docs/content-repository.md'), 'yaml');
    expect(parseSiteConfig(markdown).markdown?.format).toBe('detect');
    expect((parseSiteConfig(config).versions ?? []).map((version) => version.name)).toEqual(['current', '5.0']);
    const branded = parseSiteConfig(brand);
    expect([branded.navbar.logo?.src, branded.colors?.primary, branded.fonts?.map((font) => font.family), branded.footer?.links?.map((column) => column.title)]).toEqual([
      'img/Moodle.svg',
      '#bd5b00',
      ['Open Sans'],
      ['Docs'],
    ]);
    const site = parseSiteConfig(instances);
    expect(instancesOf(site).map((instance) => [instance.id, instance.base, Object.keys(instance.folderVersions)])).toEqual([
      ['default', 'docs', ['current', '5.2']],
      ['general', 'general', []],
    ]);
    expect(site.navbar.items?.map((item) => item.type ?? 'default')).toEqual(['default', 'default', 'docSidebar', 'dropdown', 'docsVersionDropdown']);
    expect(parseSidebarsFile(sidebars, 'sidebars.yaml').sidebars.map((sidebar) => sidebar.name)).toEqual(['releaseNotes', 'projects']);
  });

  it('documents every environment variable the server reads', () => {
    const readme = read('README.md');
    const sources = ['server/site/env.ts', 'server/site/log.ts', 'bin/docsite.ts'].map(read).join('\n');
    const variables = new Set([...sources.matchAll(/env\.([A-Z][A-Z0-9_]+)|process\.env\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1] ?? match[2]));
    expect(variables.size).toBeGreaterThan(10);
    for (const variable of variables) expect(readme, variable).toContain(`\`${variable}\``);
  });
});
