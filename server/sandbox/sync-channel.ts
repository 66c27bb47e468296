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

/** A question or its answer, numbered: an answer that comes after its question gave up is told apart and dropped. */
export interface Numbered<T> {
  seq: number;
  body: T;
}

/** The number of the last question this thread asked. */
let asked = 0;

/**
 * Posts `question` with `post` and blocks the calling thread until the main thread answers it (at
 * most `timeoutMs`); throws when no answer came in time. Answers to earlier questions are dropped.
 */
export function askSync<T>(end: SyncChannelEnd, post: (question: Numbered<unknown>) => void, question: unknown, timeoutMs: number): T {
  const seq = ++asked;
  const deadline = performance.now() + timeoutMs;
  Atomics.store(end.signal, 0, 0);
  post({ seq, body: question });
  for (;;) {
    const left = deadline - performance.now();
    if (left <= 0 || Atomics.wait(end.signal, 0, 0, left) === 'timed-out') throw new Error('the site files did not answer in time');
    Atomics.store(end.signal, 0, 0);
    for (let received = receiveMessageOnPort(end.port); received; received = receiveMessageOnPort(end.port)) {
      const answer = received.message as Numbered<T>;
      if (answer.seq === seq) return answer.body;
    }
  }
}

/** The main thread's answer to one question: the value goes into the port, then the sleeper is woken. */
export function answerSync<T>(port: MessagePort, signal: Int32Array, answer: Numbered<T>): void {
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}
