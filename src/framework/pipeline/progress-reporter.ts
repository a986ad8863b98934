import type { ProgressReporter } from './call-context';

export type ProgressSink = (progress: number, total?: number, message?: string) => Promise<void>;

/**
 * Progress for one request (docs/reference/protocol.md#progress): values strictly increasing, at
 * most 10 a second; disabled (no-op) when the client sent no progressToken.
 */
export class RateLimitedProgress implements ProgressReporter {
  private last = -Infinity;
  private lastAt = 0;

  constructor(private readonly sink: ProgressSink | undefined) {}

  get enabled(): boolean {
    return this.sink !== undefined;
  }

  async report(progress: number, total?: number, message?: string): Promise<void> {
    if (!this.sink || !(progress > this.last)) return;
    const now = Date.now();
    if (now - this.lastAt < 100) return;
    this.last = progress;
    this.lastAt = now;
    try {
      await this.sink(progress, total, message);
    } catch {
      // A client that went away must not fail the wait itself.
    }
  }
}
