// The zoo's hertzbeat: a site in home/ of a Java monorepo, versions in folders, labels from i18n/en.
import { describeZooSite } from './zoo-site.js';

describeZooSite('hertzbeat', 'a site in home/ of a Java monorepo, versions in folders, labels from i18n/en');
