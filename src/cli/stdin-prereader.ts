import type { Readable } from 'node:stream';

/** What the pre-reader read before the transport took stdin over. */
export interface Preread {
  readonly chunks: readonly Buffer[];
  /** stdin ended (or failed) while the pre-reader held it. */
  readonly ended: boolean;
}

/** Longest first line the pre-reader looks at; a longer one is left to the transport (docs/reference/protocol.md#request-size). */
const FIRST_LINE_MAX_BYTES = 1024 * 1024;

/**
 * Holds stdin from the first instant until the server's transport takes it over
 * (docs/architecture.md#cold-start): every byte is kept, in order, with whether stdin ended, so
 * the transport sees exactly what a transport listening from the start would have seen. It tells
 * its owner once: the first line when it is complete, or null when stdin ended, failed or the
 * line grew past 1 MiB before one was.
 */
export class StdinPrereader {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private ended = false;
  private told = false;
  private taken = false;

  constructor(
    private readonly stdin: Readable,
    private readonly onFirst: (line: string | null) => void,
  ) {
    stdin.on('data', this.onData);
    stdin.on('end', this.onEnd);
    stdin.on('error', this.onEnd);
  }

  /** Hands over everything read so far and stops listening; the caller listens from now on (same tick). */
  take(): Preread {
    if (this.taken) throw new Error('stdin was already taken over');
    this.taken = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.stdin.off('error', this.onEnd);
    return { chunks: this.chunks, ended: this.ended };
  }

  /** No first line yet and no more waiting for one: tells the owner null (idempotent). */
  giveUp(): void {
    this.tell(null);
  }

  private tell(line: string | null): void {
    if (this.told) return;
    this.told = true;
    this.onFirst(line);
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const nl = this.told ? -1 : buf.indexOf(0x0a);
    this.chunks.push(buf);
    this.bytes += buf.length;
    if (this.told) return;
    if (nl !== -1) {
      const all = this.chunks.length === 1 ? buf : Buffer.concat(this.chunks, this.bytes);
      this.tell(all.subarray(0, this.bytes - buf.length + nl).toString('utf8'));
    } else if (this.bytes > FIRST_LINE_MAX_BYTES) this.tell(null);
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    this.tell(null);
  };
}
