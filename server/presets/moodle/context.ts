import type { RenderContext } from '../../markdown/context.js';
import type { MoodleData } from './data.js';

/** The name this preset's data is kept under in a render's `data`. */
export const MOODLE = 'moodle';

const EMPTY: MoodleData = { versions: [], workplaceVersions: [], projects: {}, academy: { courses: {} } };

/** The Moodle data files of the page's commit, as components read them. */
export function moodleData(context: Pick<RenderContext, 'data'>): MoodleData {
  return (context.data[MOODLE] as MoodleData | undefined) ?? EMPTY;
}
