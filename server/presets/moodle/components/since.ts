// Since / DeprecatedSince: small version chips, linked to the tracker issue when one is given.
import type { ElementContent } from 'hast';
import { h, stringProp, text } from '../../../markdown/components/hast.js';
import type { Component, ComponentCall } from '../../../markdown/components/types.js';

function versionText(value: unknown): string {
  return typeof value === 'number' && Number.isInteger(value) ? `${value}.0` : stringProp(value);
}

function chips(call: ComponentCall, label: string, kind: string): ElementContent[] {
  const { props } = call;
  const versions = Array.isArray(props.versions) ? props.versions.map(versionText) : [versionText(props.version)];
  const issue = stringProp(props.issueNumber);
  const chip = (version: string) => {
    const content = [text(`${label} ${version}`)];
    const body = issue && /^[A-Z]+-\d+$/.test(issue) ? [h('a', { href: `https://moodle.atlassian.net/browse/${issue}`, title: issue }, content)] : content;
    return h('span', { className: ['version-chip', `version-chip--${kind}`] }, body);
  };
  return [h('span', { className: ['version-chips'] }, versions.filter(Boolean).map(chip))];
}

/** "Since X.Y" chips (green). */
export const Since: Component = (call) => chips(call, 'Since', 'since');

/** "Deprecated X.Y" chips (warning colour). */
export const DeprecatedSince: Component = (call) => chips(call, 'Deprecated', 'deprecated');
