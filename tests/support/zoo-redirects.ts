// The redirect pages of a zoo site's build (`pages-oracle.json.gz`, kind `redirect`, each with the
// `target` its meta refresh names: what @docusaurus/plugin-client-redirects wrote), and what docsite
// answers at each of those addresses.
import { pagesOracle } from './zoo-pages.js';

/** One redirect page of the build and docsite's answer there. */
export interface RedirectAnswer {
  permalink: string;
  target: string;
  status: number;
  /** docsite's Location, without its origin. */
  location: string | null;
}

/** The build's redirect pages of a zoo site. */
export function redirectPagesOf(name: string): { permalink: string; target: string }[] {
  return pagesOracle(name).pages.flatMap((page) => {
    const { target } = page as { target?: unknown };
    return page.kind === 'redirect' && typeof target === 'string' ? [{ permalink: page.permalink, target }] : [];
  });
}

/** docsite's answer at each of the build's redirect pages, asked as the old address was (no trailing slash: the plugin writes `x.html/index.html` for `/x.html`). */
export async function redirectAnswers(url: string, name: string): Promise<RedirectAnswer[]> {
  const answers: RedirectAnswer[] = [];
  for (const { permalink, target } of redirectPagesOf(name)) {
    const asked = permalink.length > 1 ? permalink.replace(/\/$/, '') : permalink;
    const response = await fetch(`${url}${asked}`, { redirect: 'manual' });
    await response.arrayBuffer();
    answers.push({ permalink, target, status: response.status, location: response.headers.get('location')?.replace(url, '') ?? null });
  }
  return answers;
}

/** True when docsite answered with a real redirect to the build's target. */
export function sameRedirect(answer: RedirectAnswer): boolean {
  return (answer.status === 301 || answer.status === 308) && answer.location === answer.target;
}
