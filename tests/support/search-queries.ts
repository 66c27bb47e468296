// Realistic searches on the corpus and the pages they should find (any one of `expect` in the top
// three counts): what readers type, typos and identifiers included. Used by
// tests/search-relevance.test.ts and bench/search.ts.

export interface RelevanceQuery {
  q: string;
  /** Permalinks (without `#anchor`) any of which is a right answer. */
  expect: string[];
}

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  { q: 'coding style', expect: ['/general/development/policies/codingstyle'] },
  { q: 'codign style', expect: ['/general/development/policies/codingstyle'] },
  { q: 'deprication policy', expect: ['/general/development/policies/deprecation'] },
  { q: 'acessibility', expect: ['/general/development/policies/accessibility', '/general/documentation/accessibility'] },
  { q: 'accessibility testing behat', expect: ['/general/development/policies/accessibility/testing'] },
  { q: 'get_string()', expect: ['/general/development/policies/component-communication', '/general/projects/api/string-deprecation'] },
  { q: 'frankenstyle component names', expect: ['/general/development/policies/codingstyle/frankenstyle'] },
  { q: 'core_component', expect: ['/general/development/policies/codingstyle/frankenstyle', '/general/development/policies/component-communication'] },
  { q: 'phpunit', expect: ['/general/development/tools/phpunit'] },
  { q: 'phpunit 11 upgrade', expect: ['/general/development/tools/phpunit/upgrading-11'] },
  { q: 'running behat acceptance tests', expect: ['/general/development/tools/behat/running', '/general/development/tools/behat'] },
  { q: 'sql injection', expect: ['/general/development/policies/security/sql-injection'] },
  { q: 'cross site scripting xss', expect: ['/general/development/policies/security/crosssite-scripting'] },
  { q: 'csrf sesskey', expect: ['/general/development/policies/security/crosssite-request-forgery'] },
  { q: 'peer review checklist', expect: ['/general/development/process/peer-review'] },
  { q: 'integration review', expect: ['/general/development/process/integration'] },
  { q: 'bug triage', expect: ['/general/development/process/triage'] },
  { q: 'tracker labels', expect: ['/general/development/tracker/labels'] },
  { q: 'moodle development kit mdk', expect: ['/general/development/tools/mdk'] },
  { q: 'php codesniffer', expect: ['/general/development/tools/phpcs'] },
  { q: 'grunt nodejs', expect: ['/general/development/tools/nodejs'] },
  { q: 'xmldb editor', expect: ['/general/development/tools/xmldb'] },
  { q: 'moodle app deep linking', expect: ['/general/app/development/link-handling/deep-linking'] },
  { q: 'app remote themes', expect: ['/general/app/customisation/remote-themes'] },
  { q: 'push notifications app', expect: ['/general/app/development/custom-push-notifications'] },
  { q: 'debugging network requests', expect: ['/general/app/development/network-debug'] },
  { q: 'plugin contribution checklist', expect: ['/general/community/plugincontribution/checklist'] },
  { q: 'plugins directory api', expect: ['/general/community/plugincontribution/pluginsdirectory/api'] },
  { q: 'third party libraries credits', expect: ['/general/community/credits/thirdpartylibs'] },
  { q: 'error messages writing', expect: ['/general/contentguidelines/productwriting/errormsg'] },
  { q: 'voice and tone', expect: ['/general/contentguidelines/styleguide/voice/voiceandtone'] },
  { q: 'moodle 4.1.2', expect: ['/general/releases/4.1/4.1.2'] },
  { q: 'release notes 4.5', expect: ['/general/releases/4.5'] },
  { q: 'moodle versions support', expect: ['/general/development/policies/moodle-versions'] },
  { q: 'backporting', expect: ['/general/development/policies/backporting'] },
  { q: 'upgrade notes', expect: ['/general/development/upgradenotes'] },
  { q: 'AMOS strings', expect: ['/general/projects/api/amos'] },
  { q: 'docusaurus installation', expect: ['/general/documentation/installation'] },
  { q: 'fixup commits', expect: ['/general/development/abc/fixups'] },
  { q: 'brute force login', expect: ['/general/development/policies/security/bruteforcing-login'] },
  // Added before the performance work on the index (issue 14's goals), so tuning is checked on queries it was not picked for.
  { q: 'session fixation atack', expect: ['/general/development/policies/security/session-fixation'] },
  { q: 'selenium browser versions behat', expect: ['/general/development/tools/behat/browsers/supportedbrowsers', '/general/development/tools/behat/browsers'] },
  { q: 'how to write behat tests', expect: ['/general/development/tools/behat/writing'] },
  { q: 'denial of service', expect: ['/general/development/policies/security/dos'] },
  { q: 'scss deprecation', expect: ['/general/development/policies/deprecation/scss-deprecation'] },
  { q: 'deprecating javascript modules', expect: ['/general/development/policies/deprecation/javascript'] },
  { q: 'run the app in a browser', expect: ['/general/app/development/setup/app-in-browser'] },
  { q: 'empty state mesages', expect: ['/general/contentguidelines/productwriting/emptystates'] },
  { q: 'component lead review', expect: ['/general/development/process/integration/clr'] },
  { q: 'github actions', expect: ['/general/development/tools/gha'] },
  { q: 'penetraton testing', expect: ['/general/development/process/security/penetration-testing'] },
  { q: 'moodle app docker images', expect: ['/general/app/development/setup/docker-images'] },
];
