// The operator's docsite.yaml over what the site's docusaurus.config says: any value the operator
// gives wins, key by key; a list is replaced whole, except docs instances, which are matched by id so
// that an operator can change one option of one instance and keep the rest of what the site says.

/** True for a plain object. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` laid on `base`: objects merged key by key, anything else replaced. */
function overlay(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isRecord(base) || !isRecord(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) if (key !== '__proto__') out[key] = overlay(base[key], value);
  return out;
}

/** The id an instance input has or gets (the first is `default`, as Docusaurus's preset docs). */
function idOf(instance: unknown, index: number): string {
  if (isRecord(instance) && typeof instance.id === 'string') return instance.id;
  return index === 0 ? 'default' : String(isRecord(instance) && typeof instance.base === 'string' ? instance.base : index);
}

/** The operator's configuration input laid over the site's own (both as written, before defaults). */
export function overlayConfig(site: Record<string, unknown>, operator: Record<string, unknown>): Record<string, unknown> {
  const merged = overlay(site, { ...operator, docs: undefined }) as Record<string, unknown>;
  if (operator.docs === undefined) return merged;
  const given = Array.isArray(operator.docs) ? operator.docs : [operator.docs];
  const own = Array.isArray(site.docs) ? site.docs : site.docs === undefined ? [] : [site.docs];
  const ids = given.map(idOf);
  const docs = own.map((instance, index) => {
    const at = ids.indexOf(idOf(instance, index));
    return at < 0 ? instance : overlay(instance, given[at]);
  });
  const ownIds = own.map(idOf);
  merged.docs = [...docs, ...given.filter((_, index) => !ownIds.includes(ids[index]))];
  return merged;
}

/**
 * Where each value of a configuration came from: `operator` when the operator's input gives it,
 * else `site` when the site's own does, else `default`; top-level keys, and each docs instance's.
 */
export function sourcesOf(config: Record<string, unknown>, site: Record<string, unknown>, operator: Record<string, unknown>): Record<string, 'operator' | 'site' | 'default'> {
  const sources: Record<string, 'operator' | 'site' | 'default'> = {};
  const from = (inOperator: boolean, inSite: boolean) => (inOperator ? 'operator' : inSite ? 'site' : 'default');
  for (const key of Object.keys(config)) sources[key] = from(operator[key] !== undefined, site[key] !== undefined);
  const given = Array.isArray(operator.docs) ? operator.docs : operator.docs === undefined ? [] : [operator.docs];
  const own = Array.isArray(site.docs) ? site.docs : site.docs === undefined ? [] : [site.docs];
  (Array.isArray(config.docs) ? config.docs : [config.docs]).forEach((instance, index) => {
    if (!isRecord(instance)) return;
    const id = idOf(instance, index);
    const operatorOne = given.find((candidate, at) => idOf(candidate, at) === id);
    const siteOne = own.find((candidate, at) => idOf(candidate, at) === id);
    for (const key of Object.keys(instance)) {
      sources[`docs.${index}.${key}`] = from(isRecord(operatorOne) && operatorOne[key] !== undefined, isRecord(siteOne) && siteOne[key] !== undefined);
    }
  });
  return sources;
}
