import { siteConfigSchemaResponse } from '~/lib/content.server';

/** The JSON Schema of docsite.yaml. */
export const loader = () => siteConfigSchemaResponse();
