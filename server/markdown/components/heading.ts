// The theme's Heading (`import Heading from '@theme/Heading'`): `<Heading as="h2" id="x">` is that
// heading, with its id, as the classic theme renders it (its anchor link is the page's own script's).
import { h, stringProp } from './hast.js';
import type { Component } from './types.js';

/** The heading levels `as` may name. */
const LEVELS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** `<Heading as id>`: the heading element, h2 when `as` names none. */
export const Heading: Component = ({ props, children }) => {
  const as = stringProp(props.as);
  const id = stringProp(props.id);
  return [h(LEVELS.has(as) ? as : 'h2', { id: id || undefined }, children())];
};
