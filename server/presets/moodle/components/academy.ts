// AcademyLink: "Learn more on Moodle Academy", a course from data/academycourses.json.
import type { ElementContent } from 'hast';
import { admonition, h, stringProp, text } from '../../../markdown/components/hast.js';
import { ComponentError, type Component } from '../../../markdown/components/types.js';
import { moodleData } from '../context.js';

/** A callout linking a course of Moodle Academy. */
export const AcademyLink: Component = ({ props, context }) => {
  const { academy } = moodleData(context);
  const key = stringProp(props.courseName);
  const course = Object.hasOwn(academy.courses, key) ? academy.courses[key] : undefined;
  if (!course) throw new ComponentError(`AcademyLink: no course "${key}" in data/academycourses.json`);
  const href = `${academy.siteHome ?? ''}course/view.php?id=${course.id}`;
  const body: ElementContent[] = [
    h('p', [
      text('You can learn more about '),
      h('strong', [text(stringProp(props.subject))]),
      text(' from the '),
      h('a', { href }, [text(course.name ?? key)]),
      text(' course on Moodle Academy.'),
    ]),
  ];
  return [admonition('info', 'Learn more on Moodle Academy', body)];
};
