// axe's findings as test output: one line per violation, with the first few elements it names.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's violations on `page` (within `selector` when given; `opts` narrows the rules or the elements), one line each. */
export async function axeViolations(page: Page, selector?: string, opts: { exclude?: string; rules?: string[]; skipRules?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (selector) builder = builder.include(selector);
  if (opts.exclude) builder = builder.exclude(opts.exclude);
  if (opts.rules) builder = builder.withRules(opts.rules);
  if (opts.skipRules) builder = builder.disableRules(opts.skipRules);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
