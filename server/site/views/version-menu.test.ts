import { describe, expect, it } from 'vitest';
import { navbarSchema } from '../../config/navbar-config.js';
import type { Snapshot } from '../site.js';
import { versionMenuInstance } from './version-menu.js';

/** A snapshot of two instances, `default` and `general`, with the given navbar items. */
function snapshotWith(items: unknown[] | undefined): Snapshot {
  return { config: { navbar: navbarSchema.parse({ items }) }, instances: [{ config: { id: 'default' } }, { config: { id: 'general' } }] } as unknown as Snapshot;
}

describe('which instance the version menu lists', () => {
  it("is the dropdown's instance on every instance's pages, as Docusaurus's docsVersionDropdown (docsPluginId, default the first)", () => {
    expect(versionMenuInstance(snapshotWith([{ type: 'docsVersionDropdown' }]), 'general')).toBe('default');
    expect(versionMenuInstance(snapshotWith([{ type: 'docsVersionDropdown', docsPluginId: 'general' }]), 'default')).toBe('general');
    expect(versionMenuInstance(snapshotWith([{ type: 'docsVersionDropdown' }]), 'default')).toBe('default');
  });

  it("is the page's own instance with no dropdown configured, one that names it, or hideOnOtherInstances", () => {
    expect(versionMenuInstance(snapshotWith(undefined), 'general')).toBe('general');
    expect(versionMenuInstance(snapshotWith([{ to: '/x', label: 'X' }]), 'general')).toBe('general');
    expect(versionMenuInstance(snapshotWith([{ type: 'docsVersionDropdown' }, { type: 'docsVersionDropdown', docsPluginId: 'general' }]), 'general')).toBe('general');
    expect(versionMenuInstance(snapshotWith([{ type: 'docsVersionDropdown', hideOnOtherInstances: true }]), 'general')).toBe('general');
  });
});
