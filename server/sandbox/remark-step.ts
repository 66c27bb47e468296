// The sandbox's step that runs a site's remark plugins over one page's tree (decision 045), with
// unified's conventions: each plugin's attacher is called with the processor as `this` and its
// options, and the transformer it gives with the tree and a vfile (`path`, `data`, `message()`),
// awaited when it is async or takes a callback; a tree it returns replaces the one it was given.
// One processor (`this.data()`, a key/value store) for the page's plugins, as unified has. A plugin
// that throws, or requires a package docsite does not have, is left out: the page's tree is made
// again from its JSON and the others run again without it. The text below is part of the prelude
// (prelude.ts) and runs in QuickJS.

export const REMARK_STEP = `
const pluginOf = (spec) => {
  // An installed package's module is required from inside the packages (site-modules.ts resolves it there).
  const exported = load(spec.module, spec.module.startsWith('/node_modules/') ? '/node_modules/' : '/site/');
  const own = exported && typeof exported === 'object' ? Object.values(exported) : [];
  const named = [exported, exported && exported.default, ...own].find((value) => typeof value === 'function' && spec.name && value.name === spec.name);
  const found = named || [exported && exported.__esModule ? exported.default : exported, exported && exported.default].find((value) => typeof value === 'function');
  if (!found) throw new TypeError(spec.module + ' exports no function' + (spec.name ? ' named ' + spec.name : ''));
  return found;
};
const lineOf = (place) => {
  const at = place && (place.position || (place.place && (place.place.position || place.place)) || place);
  const point = at && (at.start || at);
  return point && typeof point.line === 'number' ? point.line : undefined;
};
const processorOf = () => {
  const store = Object.create(null);
  const processor = {
    data(key, value) {
      if (typeof key === 'string') { if (arguments.length < 2) return store[key]; store[key] = value; return processor; }
      if (key && typeof key === 'object') { Object.assign(store, key); return processor; }
      return store;
    },
    use() { return processor; },
    freeze() { return processor; },
  };
  return processor;
};
const vfileOf = (page, messages, current) => {
  const file = {
    path: page.path, history: [page.path], cwd: page.cwd, value: page.source, messages,
    data: { frontMatter: page.frontMatter, compilerName: 'server' },
    get dirname() { return pathe.dirname(file.path); }, get basename() { return pathe.basename(file.path); },
    get extname() { return pathe.extname(file.path); }, get stem() { return pathe.basename(file.path, pathe.extname(file.path)); },
    toString() { return String(file.value); },
    message(reason, place) {
      const text = String((reason && reason.message) || reason);
      const message = { message: text, reason: text, line: lineOf(place), fatal: false, plugin: current() };
      messages.push(message);
      return message;
    },
    info(reason, place) { const message = file.message(reason, place); message.fatal = undefined; return message; },
    fail(reason, place) { const message = file.message(reason, place); messages.pop(); throw new Error(message.message); },
  };
  return file;
};
const transform = async (spec, tree, processor, file) => {
  const transformer = pluginOf(spec).call(processor, ...(spec.options === undefined ? [] : [spec.options]));
  if (typeof transformer !== 'function') return tree;
  const result = transformer.length >= 3
    ? await new Promise((resolve, reject) => transformer(tree, file, (error, out) => (error ? reject(error) : resolve(out))))
    : await transformer(tree, file);
  return result && typeof result === 'object' && typeof result.type === 'string' ? result : tree;
};
globalThis.__docsite_remark = (job) => finish(Promise.resolve().then(async () => {
  strictPackages = true;
  const failed = [];
  for (;;) {
    let tree = JSON.parse(job.tree);
    let index = -1;
    const messages = [];
    const processor = processorOf();
    const file = vfileOf(job.page, messages, () => index);
    let threw;
    for (index = 0; index < job.plugins.length && !threw; index++) {
      if (failed.some((failure) => failure.index === index)) continue;
      ask({ op: 'plugin', index });
      try { tree = await transform(job.plugins[index], tree, processor, file); }
      catch (error) {
        // A limit (the CPU budget, memory, the stack) stops the whole evaluation: the host leaves out the plugin that was running.
        if (error === null || (error && error.name === 'InternalError')) throw error;
        threw = { index, message: String((error && error.message) || error), stack: String((error && error.stack) || '') };
      }
    }
    if (threw) { failed.push(threw); continue; }
    // Every plugin is done: a limit from here on (the result's size) is the tree's, not a plugin's.
    ask({ op: 'plugin', index: job.plugins.length });
    const syntax = ['micromarkExtensions', 'fromMarkdownExtensions'].filter((key) => Array.isArray(processor.data(key)) && processor.data(key).length);
    return { tree, messages, failed, syntax, clock: clockRead };
  }
}));
`;
