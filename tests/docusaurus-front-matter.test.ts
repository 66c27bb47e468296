// Docusaurus's front matter rules (plugin-content-docs `frontMatter.test.ts`, its testField calls
// read at test time): for every key docsite's schema reads, the values Docusaurus accepts are
// accepted, converted as it converts them ('true' → true, '2' → 2), and the ones it refuses are a
// problem. Keys docsite does not read (passed through to components as they are) are listed as left
// out; so is `last_update` (docsite reads the date from git; its front matter form is not checked).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { frontMatterSchema } from '../server/content/front-matter-schema.js';
import { docusaurusFixtures, hasDocusaurusFixtures } from './support/requirements.js';

const present = hasDocusaurusFixtures();

/** One testField call: a key (its prefix), the values it accepts, converts and refuses. */
interface FieldTest {
  prefix: string;
  validFrontMatters: Record<string, unknown>[];
  convertibleFrontMatter?: [Record<string, unknown>, Record<string, unknown>][];
  invalidFrontMatters?: [Record<string, unknown>, string][];
}

/** The testField calls of frontMatter.test.ts, evaluated (they are object literals) with a testField that records them. */
function fieldTests(): FieldTest[] {
  const text = fs.readFileSync(path.join(docusaurusFixtures, 'frontMatter.test.ts'), 'utf8');
  const calls: FieldTest[] = [];
  const source = [...text.matchAll(/^ {2}testField\(\{[\s\S]*?^ {2}\}\);$/gm)].map((match) => match[0]).join('\n');
  vm.runInNewContext(source, { testField: (call: FieldTest) => calls.push(call), Date }, { timeout: 1000 });
  return calls;
}

const LEFT_OUT = ['last_update'];
const tests = present ? fieldTests() : [];
/** The keys docsite's schema reads, and the checks across keys (`toc min/max`, `draft XOR unlisted`). */
const read = (prefix: string) => prefix in frontMatterSchema.innerType().shape || ['toc min/max', 'draft XOR unlisted'].includes(prefix);

describe.skipIf(!present)("Docusaurus's doc front matter rules (frontMatter.test.ts)", () => {
  it('reads the testField calls', () => {
    expect(tests.length).toBeGreaterThan(20);
    console.log(
      `front matter keys compared: ${tests.filter((test) => read(test.prefix) && !LEFT_OUT.includes(test.prefix)).length} of ${tests.length}; left out: ${
        tests
          .filter((test) => !read(test.prefix) || LEFT_OUT.includes(test.prefix))
          .map((test) => test.prefix)
          .join(', ') || 'none'
      }`,
    );
  });

  it.each(tests.filter((test) => read(test.prefix) && !LEFT_OUT.includes(test.prefix)).map((test) => [test.prefix, test] as const))('%s', (_prefix, test) => {
    for (const frontMatter of test.validFrontMatters) expect(frontMatterSchema.safeParse(frontMatter).success, JSON.stringify(frontMatter)).toBe(true);
    for (const [given, converted] of test.convertibleFrontMatter ?? []) expect(frontMatterSchema.parse(given), JSON.stringify(given)).toEqual(converted);
    for (const [frontMatter, message] of test.invalidFrontMatters ?? [])
      expect(frontMatterSchema.safeParse(frontMatter).success, `${JSON.stringify(frontMatter)}: ${message}`).toBe(false);
  });
});
