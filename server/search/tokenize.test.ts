import { describe, expect, it } from 'vitest';
import { termsOf, tokenize } from './tokenize.js';

const terms = (text: string) => tokenize(text).flatMap(termsOf);

describe('tokenize and termsOf', () => {
  it('keep identifiers whole and find them by their parts', () => {
    expect(terms('Call get_string() here')).toEqual(expect.arrayContaining(['get_string', 'get', 'string']));
    expect(terms('core_component::get_plugin_list')).toEqual(expect.arrayContaining(['core_component', 'core', 'component', 'get_plugin_list', 'plugin', 'list']));
  });

  it('keep $CFG, MDL-12345 and 4.1.2 findable as typed', () => {
    expect(terms('$CFG->wwwroot')).toEqual(expect.arrayContaining(['$cfg', 'cfg', 'wwwroot']));
    expect(terms('Fixed in MDL-12345.')).toEqual(['fixed', 'in', 'mdl-12345', 'mdl']);
    expect(terms('git push origin MDL-12345_main')).toEqual(expect.arrayContaining(['mdl-12345_main', 'mdl-12345', 'main']));
    expect(terms('Moodle 4.1.2 was released')).toEqual(['moodle', '4.1.2', 'was', 'released']);
    // Single digits of a version would match every version: not terms.
    expect(terms('4.1.2')).not.toContain('1');
  });

  it('find a path or URL by its parts, not as one term', () => {
    expect(terms('mod/forum/view.php')).toEqual(['mod', 'forum', 'view.php', 'view', 'php']);
    expect(terms('github.com/moodlehq/moodle-docker')).not.toContain('github.com/moodlehq/moodle-docker');
  });

  it('split camelCase and PascalCase', () => {
    expect(terms('getString')).toEqual(['getstring', 'get', 'string']);
    expect(terms('XMLHttpRequest')).toEqual(expect.arrayContaining(['xmlhttprequest', 'xml', 'http', 'request']));
    expect(terms('plain')).toEqual(['plain']);
    expect(terms('PHP 8 API')).toEqual(['php', '8', 'api']);
  });

  it('read every script, and never choke on regex characters, quotes or RTL text', () => {
    expect(terms('Ελληνικά עברית العربية 日本語')).toEqual(['ελληνικά', 'עברית', 'العربية', '日本語', '日本', '本語']);
    expect(terms('Слово 한국어 단어')).toEqual(['слово', '한국어', '단어']);
    expect(terms('.*+?^${}()|[]\\ "quoted" \'single\'')).toEqual(['quoted', 'single']);
    expect(tokenize('$')).toEqual([]);
  });

  it('cut Chinese and Japanese, written without spaces, into words, as a query of one of them is', () => {
    const page = terms('安装和配置服务器。使用Docusaurus文档');
    // ICU's words, and pairs of characters where its dictionary cuts a word apart (文档).
    expect(page).toEqual(expect.arrayContaining(['安装', '配置', '服务', 'docusaurus', '文档']));
    expect(page).not.toContain('安装和配置服务器');
    expect(page).not.toContain('文');
    expect(terms('安装')).toEqual(['安装']);
    expect(terms('日本語の文章を検索します')).toEqual(expect.arrayContaining(['日本語', '文章', '検索']));
  });

  it('cut tokens no one types (hashes, base64)', () => {
    expect(tokenize('a'.repeat(500))[0]).toHaveLength(60);
  });
});
