import { existsSync, readFileSync } from 'node:fs';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { inject, injectable } from 'tsyringe';
import { SERVER_CONFIG, type ServerConfig } from '../config/server-config';
import { ExpectedToolError, ToolError } from '../framework/errors/tool-errors';
import { safeRepr } from '../framework/validation/safe-repr';
import { PATTERN_WORKER_SOURCE } from './pattern.worker-source';
import { type CallerPattern, regexReason } from './search-pattern';

/**
 * A matching job's budget (docs/reference/tools.md#pattern-budget): 1 s of the worker's CPU time
 * (wall time where the kernel's accounting cannot be read), plus 0.1 s per MB of text, and never
 * longer than the command deadline. A pattern V8 can only run by backtracking
 * exponentially ((a+)+$ against 30 `a`s and `!`) takes longer than any budget; a pattern that
 * merely scans a lot of text gets time in proportion.
 */
const BUDGET_MS = 1000;
const BUDGET_MS_PER_MB = 100;
/** Workers kept idle between jobs, and at most this many jobs run at once (the rest queue). */
const IDLE_KEPT = 2;
const MAX_WORKERS = 4;

export const PATTERN_SUGGESTION =
  'Simplify it: avoid a quantifier over a group that itself repeats (such as (a+)+ or (\\s*\\w+)+) and alternatives that match the same text, anchor it, or search literal text (regex: false).';

/** The pattern did not finish within its budget: its worker was stopped (docs/reference/errors.md#pane-reading-and-waiting). */
export class PatternTooCostly extends ExpectedToolError {
  constructor(pattern: CallerPattern, budgetMs: number) {
    super(`Pattern ${safeRepr(pattern.given)} is too costly: matching it did not finish within ${budgetMs / 1000} s`, {
      suggestion: PATTERN_SUGGESTION,
    });
  }
}

/** One pattern and the texts it is matched against. */
export interface MatchItem {
  readonly pattern: CallerPattern;
  readonly texts: readonly string[];
}

export interface MatchOptions {
  /** Aborts the match (its worker is stopped). */
  readonly signal?: AbortSignal;
  /** Stop at the first item with a hit (later items answer no hits). */
  readonly first?: boolean;
}

interface Job {
  readonly items: readonly MatchItem[];
  readonly opts: MatchOptions;
  readonly resolve: (hits: number[][]) => void;
  readonly reject: (err: Error) => void;
}

/**
 * The one place a caller's pattern runs (docs/reference/tools.md#pattern-budget): search_panes,
 * wait_for_text's patterns and stop, and the list tools' `__regex` filters. Matching happens in a
 * worker thread, so however costly a pattern is, the event loop that answers every other call is
 * never held; a job that outlives its budget has its worker terminated (V8 interrupts a running
 * regular expression) and fails with {@link PatternTooCostly}. JavaScript's RegExp dialect is
 * kept exactly: the worker runs the same `RegExp` the caller's flags name.
 */
@injectable()
export class PatternMatcher {
  private readonly idle: PatternWorker[] = [];
  private running = 0;
  private readonly queue: Job[] = [];
  private readonly live = new Set<PatternWorker>();
  /** Workers that have started: a job's budget counts from here, not from a worker's start-up. */
  private readonly online = new WeakSet<Worker>();
  private nextId = 0;
  private readonly deadlineMs: number;

  constructor(@inject(SERVER_CONFIG) config: Pick<ServerConfig, 'commandTimeout'>) {
    this.deadlineMs = config.commandTimeout * 1000;
  }

  /** For each item, the indices of its texts its pattern matches. */
  match(items: readonly MatchItem[], opts: MatchOptions = {}): Promise<number[][]> {
    // Nothing to match: no worker.
    if (items.every((it) => it.texts.length === 0)) return Promise.resolve(items.map(() => []));
    if (opts.signal?.aborted) return Promise.reject(cancelled());
    return new Promise((resolve, reject) => {
      this.queue.push({ items, opts, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker (server shutdown). */
  async shutdown(): Promise<void> {
    const all = [...this.live];
    this.idle.length = 0;
    this.live.clear();
    await Promise.all(all.map((w) => (w.port.close(), w.thread.terminate().catch(() => undefined))));
  }

  private pump(): void {
    while (this.queue.length && this.running < MAX_WORKERS) {
      const job = this.queue.shift()!;
      if (job.opts.signal?.aborted) {
        job.reject(cancelled());
        continue;
      }
      this.running++;
      this.run(job);
    }
  }

  private worker(): PatternWorker {
    const idle = this.idle.pop();
    if (idle) return idle;
    // Answers come on a port of their own, so that a budget's timer that fires late (the event
    // loop was busy: timers run before the messages that came meanwhile) can take an answer that
    // is already there with receiveMessageOnPort before it calls the pattern too costly.
    const { port1, port2 } = new MessageChannel();
    // The worker writes here (Linux) its thread id, and for each job it starts the job's id and its
    // own CPU ticks then, so a job's CPU time is read only when its budget's timer fires.
    const cpu = new Int32Array(new SharedArrayBuffer(12));
    const thread = new Worker(PATTERN_WORKER_SOURCE, { eval: true, workerData: { port: port2, cpu }, transferList: [port2] });
    thread.once('online', () => this.online.add(thread));
    // A worker never keeps the process alive: stdin's end stops the server (docs/reference/configuration.md#shutdown).
    thread.unref();
    port1.unref();
    const w = { thread, port: port1, cpu };
    this.live.add(w);
    return w;
  }

  private run(job: Job): void {
    const w = this.worker();
    const id = ++this.nextId;
    const chars = job.items.reduce((n, it) => it.texts.reduce((m, t) => m + t.length, n), 0);
    const budgetMs = Math.min(this.deadlineMs, BUDGET_MS + Math.floor((chars / 1_000_000) * BUDGET_MS_PER_MB));
    let done = false;
    const finish = (keep: boolean, settle: () => void): void => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      w.thread.off('online', startBudget);
      job.opts.signal?.removeEventListener('abort', onAbort);
      w.port.off('message', onMessage);
      w.thread.off('error', onError);
      w.thread.off('exit', onExit);
      if (keep && this.idle.length < IDLE_KEPT) this.idle.push(w);
      else this.stop(w);
      this.running--;
      settle();
      this.pump();
    };
    let at = 0;
    const onMessage = (m: WorkerAnswer): void => {
      if (m.id !== id) return;
      if (m.at !== undefined) {
        at = m.at;
        return;
      }
      if (m.error !== undefined) {
        const reason = regexReason(new Error(m.error));
        finish(true, () => job.reject(new ExpectedToolError(`Invalid regex pattern: ${reason}`)));
      } else finish(true, () => job.resolve(m.hits ?? []));
    };
    const onError = (err: Error): void =>
      finish(false, () => job.reject(new ToolError(`pattern worker failed: ${err.name}`, { cause: err })));
    const onExit = (): void => finish(false, () => job.reject(new ToolError('pattern worker exited')));
    const onAbort = (): void => finish(false, () => job.reject(cancelled()));
    let timer: NodeJS.Timeout | undefined;
    const startBudget = (): void => {
      if (done) return;
      const wall0 = performance.now();
      const check = (): void => {
        // What the worker said meanwhile, though the event loop has not delivered it yet.
        for (let m = receiveMessageOnPort(w.port); m && !done; m = receiveMessageOnPort(w.port)) onMessage(m.message as WorkerAnswer);
        if (done) return;
        // The budget is the worker's CPU time where it can be read: on a busy machine the thread
        // may get little of the wall time, and a pattern that did not run is not costly.
        const used = jobCpuMs(w, id) ?? budgetMs;
        if (used < budgetMs - CPU_TICK_MS && performance.now() - wall0 < this.deadlineMs) {
          timer = setTimeout(check, Math.max(CPU_TICK_MS * 5, budgetMs - used));
          return;
        }
        // The pattern that was running when the budget ran out (the worker says which).
        finish(false, () => job.reject(new PatternTooCostly(job.items[at].pattern, budgetMs)));
      };
      timer = setTimeout(check, budgetMs);
    };
    // A new worker takes tens of milliseconds to start (more on a busy machine): not the pattern's.
    if (this.online.has(w.thread)) startBudget();
    else w.thread.once('online', startBudget);
    w.port.on('message', onMessage);
    w.thread.on('error', onError);
    w.thread.on('exit', onExit);
    job.opts.signal?.addEventListener('abort', onAbort, { once: true });
    w.thread.postMessage({
      id,
      first: job.opts.first === true,
      items: job.items.map((it) => ({ source: it.pattern.source, flags: it.pattern.flags, texts: it.texts })),
    });
  }

  private stop(w: PatternWorker): void {
    this.live.delete(w);
    w.port.close();
    void w.thread.terminate().catch(() => undefined);
  }
}

/** A worker thread, the port it answers on and where it writes `[thread id, job id, CPU ticks at that job's start]`. */
interface PatternWorker {
  readonly thread: Worker;
  readonly port: MessagePort;
  readonly cpu: Int32Array;
}

/** Whether threads' CPU time can be read (Linux); elsewhere the budget is wall time. */
const CPU_ACCOUNTING = process.platform === 'linux' && existsSync('/proc/thread-self');

/** The kernel's CPU accounting tick (USER_HZ, 100 on Linux). */
const CPU_TICK_MS = 10;

/**
 * CPU time (user + system, ms) job `id` has had on the worker's thread, from the kernel's
 * accounting (`/proc/self/task/<tid>/stat`, Linux): 0 while the worker has not begun it; null
 * where that cannot be read (the budget is then wall time).
 */
export function jobCpuMs(w: Pick<PatternWorker, 'cpu'>, id: number): number | null {
  if (!CPU_ACCOUNTING) return null;
  // A worker that has not yet written its thread id (a new thread the machine has not run yet)
  // has not begun the job either: .ci/run beside two busy loops cut literal patterns so, at 1 s of
  // wall time, when a burst of calls started new workers.
  const tid = Atomics.load(w.cpu, 0);
  if (tid <= 0 || Atomics.load(w.cpu, 1) !== id) return 0;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) - Atomics.load(w.cpu, 2)) * CPU_TICK_MS;
  } catch {
    return null;
  }
}

/** What the worker posts: the item it moves to (`at`), the hits, or V8's refusal of a pattern. */
interface WorkerAnswer {
  id: number;
  at?: number;
  hits?: number[][];
  error?: string;
}

function cancelled(): ExpectedToolError {
  return new ExpectedToolError('pattern matching was cancelled');
}
