import { linksAnswerJsonSchema } from '~/lib/site.server';

/** The JSON Schema of the link report API's answer. */
export const loader = () => new Response(JSON.stringify(linksAnswerJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json' } });
