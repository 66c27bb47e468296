import { siteConfigJsonSchema } from '~/lib/site.server';

/** The JSON Schema of docsite.yaml, for editors. */
export const loader = () => new Response(JSON.stringify(siteConfigJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json' } });
