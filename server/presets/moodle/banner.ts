// The page banner (upstream MoodlePageBanner): draft and version-support notices from front matter
// and data/versions.json, for the request's date. Never cached with the page: it changes with time.
import type { ElementContent } from 'hast';
import { admonition, h, text } from '../../markdown/components/hast.js';
import type { BannerInput } from '../types.js';
import type { MoodleData } from './data.js';
import { releaseStatus } from './release-status.js';

/** The draft and version-support notices for a page on a date (empty when there are none). */
export function moodleBanner(input: BannerInput, data: MoodleData, now: Date): ElementContent[] {
  const parts: ElementContent[] = [];
  const draft = input.frontMatter.documentationDraft;
  if (typeof draft === 'string' && draft) {
    parts.push(
      admonition('caution', 'Draft document', [
        h('p', [text('This documentation is currently in draft form. '), h('a', { href: draft }, [h('strong', [text('See the issue')])]), text(' to find out how you can help.')]),
      ]),
    );
  } else if (draft === true) {
    const edit = input.editUrl?.replace('{ref}', 'main').replace('{path}', input.sourcePath);
    const body = edit
      ? [text('You can help by '), h('a', { href: edit }, [text('contributing edits to this page')]), text('.')]
      : [text('You can help by contributing edits to this page.')];
    parts.push(admonition('caution', 'Draft document', [h('p', [text('This documentation is currently in-progress. '), ...body])]));
  }
  const version = input.frontMatter.moodleVersion;
  if (typeof version === 'string' || typeof version === 'number') parts.push(...versionBanner(String(version), data, now));
  return parts;
}

function versionBanner(version: string, data: MoodleData, now: Date): ElementContent[] {
  const { status, version: entry } = releaseStatus(data.versions, version, now);
  switch (status) {
    case 'experimental':
      return [admonition('danger', 'Experimental release', [h('p', [text(`Moodle ${version} is an experimental release. It is not intended for production use.`)])])];
    case 'future':
    case 'future-stable':
      return [
        admonition('caution', 'Unreleased Moodle Version', [
          h('p', [text(`This documentation is for Moodle ${version}, which has not been released yet.`)]),
          ...(entry?.codeFreezeDate ? [h('p', [text(`The code freeze for this release is ${entry.codeFreezeDate}.`)])] : []),
        ]),
      ];
    case 'unsupported':
      return [
        admonition('danger', 'Unsupported Moodle Version', [
          h('p', [
            text(`Moodle ${version} is no longer supported and will not receive fixes for security risks. You are strongly encouraged to `),
            h('a', { href: 'https://docs.moodle.org/en/Upgrading' }, [text('upgrade')]),
            text(' to a supported version.'),
          ]),
        ]),
      ];
    case 'security':
      return [
        admonition('caution', 'General support has ended', [
          h('p', [text(`Moodle ${version} is no longer supported for general bug fixes. It still receives fixes for security issues.`)]),
        ]),
      ];
    default:
      return [];
  }
}
