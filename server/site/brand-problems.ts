// What an author should fix in the brand of a commit's configuration: a colour that fails WCAG AA
// on its background (the site already uses one that passes), a logo or font file the static folders
// do not have. Reported in /readyz with the other problems, and logged once each time they change.
import { paletteOf } from '../config/brand-palette.js';
import { formatProblem, type Problem } from '../problem.js';
import type { DocsStore } from './docs-store.js';
import type { Logger } from './log.js';
import { staticFileAt } from './static-files.js';
import { staticUrl } from './views/brand-css.js';

/** The brand problems of commits, and the log line that tells the operator of the default commit's. */
export class BrandProblems {
  /** The problems last logged, so a refresh that changes nothing logs nothing. */
  private logged = '[]';

  constructor(
    private readonly docs: DocsStore,
    private readonly log: Logger,
  ) {}

  /** The brand problems of a commit's configuration, each naming the configuration file. */
  async at(commit: string): Promise<Problem[]> {
    const config = await this.docs.configAt(commit);
    const file = this.docs.configFile;
    const problems: Problem[] = (paletteOf(config.colors)?.warnings ?? []).map((message) => ({ code: 'site-config', file, message }));
    const files: [string, string | undefined][] = [
      ['navbar.logo.src', config.navbar.logo?.src],
      ['navbar.logo.srcDark', config.navbar.logo?.srcDark],
      ...(config.fonts ?? []).flatMap((font) => font.files.map((entry): [string, string] => [`fonts (${font.family})`, entry.src])),
    ];
    for (const [key, path] of files) {
      if (path && !/^(https?:|data:)/i.test(path) && !(await staticFileAt(this.docs, commit, staticUrl(path))))
        problems.push({ code: 'site-config', file, message: `${key}: ${path} is not in the static folders (${config.staticDirectories.join(', ')})` });
    }
    return problems;
  }

  /** Logs a commit's brand problems, once for each new set of them. */
  async logAt(commit: string): Promise<void> {
    const problems = await this.at(commit).catch(() => []);
    const key = JSON.stringify(problems);
    if (key === this.logged) return;
    this.logged = key;
    for (const problem of problems) this.log.warn({ problem }, `brand: ${formatProblem(problem)}`);
  }
}
