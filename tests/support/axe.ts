// axe's findings as test output: one line per violation, with the first few elements it names.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's violations on `page` (within `selector` when given), one line each. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
