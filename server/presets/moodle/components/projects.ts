// ProjectSummary: owners, status, discussions and issues of a project in data/projects.json.
import type { ElementContent } from 'hast';
import { h, stringProp, text } from '../../../markdown/components/hast.js';
import { moodleData } from '../context.js';
import { ComponentError, type Component } from '../../../markdown/components/types.js';

function links(items: { link?: string; title?: string }[] | undefined): ElementContent[] {
  const anchors = (items ?? []).filter((item) => item.link).map((item) => h('a', { href: item.link }, [text(item.title ?? item.link!)]));
  if (anchors.length <= 1) return anchors;
  return [
    h(
      'ul',
      anchors.map((a) => h('li', [a])),
    ),
  ];
}

/** A summary table of one project. */
export const ProjectSummary: Component = ({ props, context }) => {
  const name = stringProp(props.projectName);
  const project = Object.hasOwn(moodleData(context).projects, name) ? moodleData(context).projects[name] : undefined;
  if (!project) throw new ComponentError(`ProjectSummary: no project "${name}" in data/projects.json`);
  const owners = (project.owners ?? []).map((owner) =>
    h('li', [
      text(owner.name ?? ''),
      ...(owner.githubUsername && /^[\w-]+$/.test(owner.githubUsername)
        ? [text(' ('), h('a', { href: `https://github.com/${owner.githubUsername}` }, [text(`@${owner.githubUsername}`)]), text(')')]
        : []),
    ]),
  );
  const row = (label: string, value: ElementContent[]) => h('tr', [h('th', { scope: 'row' }, [text(label)]), h('td', value)]);
  return [
    h('table', { className: ['project-summary'] }, [
      h('tbody', [
        row('Owners', [h('ul', owners)]),
        row('Status', [text(project.status ?? '')]),
        ...(project.discussionLinks?.length ? [row('Links', links(project.discussionLinks))] : []),
        ...(project.issueLinks?.length ? [row('Issues', links(project.issueLinks))] : []),
      ]),
    ]),
  ];
};
