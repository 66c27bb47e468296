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
