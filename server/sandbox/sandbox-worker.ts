// The sandbox's thread: a QuickJS engine compiled to WebAssembly, where a site's own code runs
// (decision 034). Nothing of node is reachable from inside: the engine has its own heap and its
// only way out is one function that asks the main thread a question in JSON. Each evaluation gets
// a fresh runtime with a memory limit, a stack limit and a CPU deadline, and is disposed after.
import { parentPort, workerData } from 'node:worker_threads';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { askSync, type SyncChannelEnd } from './sync-channel.js';
import { MODULE_PREFIX, type SandboxLimits, type SandboxRequest, type SandboxReply } from './sandbox-protocol.js';

const end: SyncChannelEnd = workerData.channel;

/** An evaluation stopped by a limit; its message says which. */
class LimitError extends Error {}

parentPort?.on('message', async (request: SandboxRequest) => {
  // The server's deadline runs from here: starting a thread is not the code's time.
  parentPort?.postMessage({ id: request.id, started: true });
  const reply = await evaluate(request).catch((error: unknown): SandboxReply => ({ id: request.id, error: { message: String((error as Error)?.message ?? error) } }));
  parentPort?.postMessage(reply);
});

/** The engine, while it is sound: one WebAssembly instance whose memory is capped at the limit. */
let engine: Promise<QuickJSWASMModule> | undefined;

/**
 * The engine, made when there is none. Its WebAssembly memory is created here with a maximum, a hard
 * cap: QuickJS's own memory limit counts less than the allocator takes (an allocation loop under a
 * 64 MiB limit grew an uncapped instance to 290 MiB), and a capped memory never grows past it.
 */
function engineFor(limits: SandboxLimits): Promise<QuickJSWASMModule> {
  const pages = Math.max(256, Math.ceil(limits.memoryBytes / 65_536));
  engine ??= newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: pages }) }));
  return engine;
}

/**
 * Runs one request in a runtime of its own (QuickJS runtimes share no object: nothing an evaluation
 * did is seen by the next) and returns its JSON results, or the error that stopped it.
 */
async function evaluate(request: SandboxRequest): Promise<SandboxReply> {
  const runtime = (await engineFor(request.limits)).newRuntime();
  const { limits } = request;
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  let spentWaiting = 0;
  const started = performance.now();
  let stoppedBy: string | undefined;
  runtime.setInterruptHandler(() => {
    if (performance.now() - started - spentWaiting <= limits.cpuMs) return false;
    stoppedBy = `the code ran longer than its ${limits.cpuMs} ms budget`;
    return true;
  });
  const vm = runtime.newContext();
  try {
    const counters = { questions: 0 };
    installHost(vm, request, limits, counters, (ms) => {
      spentWaiting += ms;
    });
    check(vm, vm.evalCode(request.prelude, 'docsite-prelude.js'));
    const results: string[] = [];
    const step = request.islands
      ? `__docsite_islands(${JSON.stringify(request.islands.specs)}, ${JSON.stringify(request.islands.site)})`
      : request.remark
        ? `__docsite_remark(${JSON.stringify(request.remark)})`
        : `__docsite_run(${JSON.stringify(request.entry)}, ${JSON.stringify(request.callWith ?? null)})`;
    settle(vm, runtime, vm.evalCode(step, 'docsite-run.js'), () => stoppedBy);
    results.push(output(vm, limits));
    for (const call of request.calls ?? []) {
      settle(vm, runtime, vm.evalCode(`__docsite_call(${call.fn}, ${JSON.stringify(call.args)})`, 'docsite-call.js'), () => stoppedBy);
      results.push(output(vm, limits));
    }
    return { id: request.id, results };
  } catch (error) {
    if (stoppedBy) return { id: request.id, error: { message: stoppedBy, limit: true } };
    if (error instanceof LimitError) return { id: request.id, error: { message: error.message, limit: true } };
    return { id: request.id, error: errorOf(error, limits) };
  } finally {
    vm.dispose();
    try {
      runtime.dispose();
    } catch {
      // A runtime stopped mid-way (a limit) may still hold objects, and QuickJS aborts on freeing
      // it: that instance is dropped, and the next evaluation gets a new one.
      engine = undefined;
    }
  }
}

/** Installs the two host functions: questions to the main thread, and compiling a module to a function. */
function installHost(vm: QuickJSContext, request: SandboxRequest, limits: SandboxLimits, counters: { questions: number }, waited: (ms: number) => void): void {
  const hostFn = vm.newFunction('__docsite_host', (question) => {
    if (++counters.questions > limits.questions) throw new LimitError(`the code read more than ${limits.questions} files and modules`);
    const before = performance.now();
    const answer = askSync<string>(end, (message) => parentPort?.postMessage({ id: request.id, question: message }), vm.getString(question), limits.answerWaitMs);
    waited(performance.now() - before);
    return vm.newString(answer);
  });
  const compileFn = vm.newFunction('__docsite_compile', (file, code) => {
    // The wrapper sits on the module's first line, so that errors keep the file's own line numbers.
    const source = `${MODULE_PREFIX}${vm.getString(code)}\n})`;
    return vm.unwrapResult(vm.evalCode(source, vm.getString(file)));
  });
  vm.setProp(vm.global, '__docsite_host', hostFn);
  vm.setProp(vm.global, '__docsite_compile', compileFn);
  const options = vm.unwrapResult(vm.evalCode(`(${JSON.stringify({ now: request.now, env: request.env, cwd: request.cwd })})`));
  vm.setProp(vm.global, '__docsite_options', options);
  for (const handle of [hostFn, compileFn, options]) handle.dispose();
}

/** Disposes a result's handle, throwing its error as a thrown value of the engine. */
function check(vm: QuickJSContext, result: ReturnType<QuickJSContext['evalCode']>): void {
  vm.unwrapResult(result).dispose();
}

/** Evaluates a step and runs the engine's promise jobs until it has settled. */
function settle(vm: QuickJSContext, runtime: QuickJSRuntime, result: ReturnType<QuickJSContext['evalCode']>, stopped: () => string | undefined): void {
  check(vm, result);
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) {
      const error = vm.dump(jobs.error);
      jobs.error.dispose();
      throw stopped() ? new LimitError(stopped()) : Object.assign(new Error('engine job failed'), { dumped: error });
    }
    if (jobs.value === 0) break;
  }
  const error = vm.getProp(vm.global, '__docsite_error');
  if (vm.typeof(error) !== 'undefined') {
    const dumped = vm.dump(error);
    error.dispose();
    throw Object.assign(new Error('thrown'), { dumped });
  }
  error.dispose();
}

/** The step's JSON output, within the output budget. */
function output(vm: QuickJSContext, limits: SandboxLimits): string {
  const handle: QuickJSHandle = vm.getProp(vm.global, '__docsite_out');
  const text = vm.typeof(handle) === 'string' ? vm.getString(handle) : 'null';
  handle.dispose();
  vm.unwrapResult(vm.evalCode('globalThis.__docsite_out = undefined')).dispose();
  if (text.length > limits.outputChars) throw new LimitError(`the code's result is larger than ${Math.round(limits.outputChars / 1024)} KiB`);
  return text;
}

/** The message and position of what the engine threw. */
function errorOf(error: unknown, limits: SandboxLimits): { message: string; stack?: string; limit?: boolean } {
  const holder = error as { dumped?: unknown; cause?: unknown };
  const dumped = 'dumped' in holder ? holder.dumped : 'cause' in holder ? holder.cause : error;
  // QuickJS throws null when it cannot even allocate the error: its memory is exhausted.
  if (dumped === null) return { message: `the code ran out of memory (its limit is ${Math.round(limits.memoryBytes / 2 ** 20)} MiB)`, limit: true };
  if (dumped && typeof dumped === 'object') {
    const { name, message, stack } = dumped as { name?: string; message?: string; stack?: string };
    if (message !== undefined) return { message: `${name && name !== 'Error' ? `${name}: ` : ''}${message}`, stack };
  }
  return { message: typeof dumped === 'string' ? dumped : String((dumped as Error)?.message ?? dumped) };
}
