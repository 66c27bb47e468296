// The zoo's open-webui-docs: docs at the site root, a doc at slug /.
import { describeZooSite } from './zoo-site.js';

describeZooSite('open-webui-docs', 'docs at the site root, a doc at slug /');
