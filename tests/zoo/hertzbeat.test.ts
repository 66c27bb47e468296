// The zoo's hertzbeat: a site in home/ of a Java monorepo, versions in folders, labels from i18n/en, 6 JS pages.
import { describeZooSite } from './zoo-site.js';

describeZooSite('hertzbeat', 'a site in home/ of a Java monorepo, versions in folders, labels from i18n/en', { folder: 'home/src/pages', count: 6 }, 915);
