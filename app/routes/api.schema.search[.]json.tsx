import { searchAnswerJsonSchema } from '~/lib/site.server';

/** The JSON Schema of the search API's answer. */
export const loader = () => new Response(JSON.stringify(searchAnswerJsonSchema(), null, 2), { headers: { 'Content-Type': 'application/schema+json' } });
