import { Writable } from 'node:stream';

/** Streams that already have the guard's error listener (one per stream, however many loggers). */
const guarded = new WeakSet<NodeJS.WritableStream>();

/**
 * The log's way to stderr (docs/reference/protocol.md#server-logs): a write that fails (a full disk,
 * `/dev/full`, a closed pipe) never ends the server. Node reports a failed write to a stderr that
 * is a file as an `error` event on `process.stderr`, and an `error` event nobody listens to ends
 * the process; so the target gets a listener, and every write a callback that notes how it went.
 * At the first failure one line says so (attempted once; it may fail too), then the log is quiet
 * about it: lines are still offered, so the first one that gets through ends the episode, and a
 * line says how many were lost.
 */
export class StderrGuard extends Writable {
  private failing = false;
  private lost = 0;

  constructor(private readonly target: NodeJS.WritableStream = process.stderr) {
    super({ decodeStrings: false });
    if (!guarded.has(target)) {
      guarded.add(target);
      // Failures are handled by each write's callback; the event only must not go unheard.
      target.on('error', () => undefined);
    }
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.offer(chunk);
    // Never report the failure upstream: winston would stop logging, or rethrow it.
    done();
  }

  private offer(chunk: string | Buffer): void {
    try {
      this.target.write(chunk, (err?: Error | null) => (err ? this.failed(err) : this.succeeded()));
    } catch (err) {
      this.failed(err as Error);
    }
  }

  private failed(err: Error): void {
    this.lost++;
    if (this.failing) return;
    this.failing = true;
    const code = (err as NodeJS.ErrnoException).code ?? err.name;
    this.say(`WARN tmux_mcp: writing the log to stderr failed (${code}); lines are dropped until a write succeeds`);
  }

  private succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    const lost = this.lost;
    this.lost = 0;
    this.say(`WARN tmux_mcp: the log reaches stderr again; ${lost} line(s) were lost`);
  }

  /** One attempt, whatever happens to it. */
  private say(text: string): void {
    try {
      this.target.write(`${new Date().toISOString()} ${text}\n`, () => undefined);
    } catch {
      // Nothing more to try: stderr is the only place to say it.
    }
  }
}
