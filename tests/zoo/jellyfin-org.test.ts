// The zoo's jellyfin-org: no preset, docs at /docs, a blog at /posts.
import { describeZooSite } from './zoo-site.js';

describeZooSite('jellyfin-org', 'no preset, docs at /docs, a blog at /posts');
