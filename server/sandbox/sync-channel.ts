// A synchronous call from the sandbox's thread to the main thread. Code in the sandbox reads files
// and modules synchronously (`require`, `fs.readFileSync`), while the commit's files are read
// asynchronously on the main thread: the sandbox's thread posts its question, then sleeps on a
// shared word until the answer is in its port (the pattern of the `synckit` package).
import { type MessagePort, receiveMessageOnPort } from 'node:worker_threads';

/** The sandbox thread's end: a port the answers arrive on and the word it sleeps on. */
export interface SyncChannelEnd {
  port: MessagePort;
  signal: Int32Array;
}

/** Makes the shared word one channel sleeps on. */
export function newSignal(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * Posts `question` with `post` and blocks the calling thread until the main thread answers it (at
 * most `timeoutMs`); throws when no answer came in time.
 */
export function askSync<T>(end: SyncChannelEnd, post: (question: unknown) => void, question: unknown, timeoutMs: number): T {
  Atomics.store(end.signal, 0, 0);
  post(question);
  if (Atomics.wait(end.signal, 0, 0, timeoutMs) === 'timed-out') throw new Error('the site files did not answer in time');
  const received = receiveMessageOnPort(end.port);
  if (!received) throw new Error('the site files answered nothing');
  return received.message as T;
}

/** The main thread's answer to one question: the value goes into the port, then the sleeper is woken. */
export function answerSync(port: MessagePort, signal: Int32Array, answer: unknown): void {
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}
