import type { ProgressReporter } from '../framework/pipeline/call-context';

/** Seconds rounded to 3 decimals, as results report them. */
export const round3 = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Seconds elapsed since a `performance.now()` timestamp. */
export const secondsSince = (t0: number): number => (performance.now() - t0) / 1000;

/** What a progress notification says: read at each beat; `signal` aborts when the heartbeat stops. */
export type ProgressMessage = (signal: AbortSignal) => Promise<string | undefined>;

/** Progress period: well under a second (docs/reference/protocol.md#progress). */
export const PROGRESS_MS = 500;

/**
 * Progress while a call waits (docs/reference/protocol.md#progress): one notification right away
 * and then every `periodMs` (well under a second, so timer jitter never stretches a gap past one
 * second), with `progress` = elapsed seconds, `total` = the effective timeout and, when `message`
 * is given, what it says (for a pane: its last non-blank line). A message still being read when
 * the next beat comes skips that beat's read, never the notification; a read still under way when
 * the heartbeat stops is aborted. The reporter itself keeps values strictly increasing and at most
 * 10 a second. Used by the wait loop (wait-loop.ts), run_command and send_keys_batch. Returns the
 * stop function.
 */
export function startHeartbeat(
  progress: ProgressReporter,
  t0: number,
  total: number,
  message?: ProgressMessage,
  periodMs = PROGRESS_MS,
): () => void {
  if (!progress.enabled) return () => undefined;
  const reads = new AbortController();
  let last: string | undefined;
  let reading = false;
  let stopped = false;
  const tick = (): void => {
    if (!message || reading) {
      void progress.report(round3(secondsSince(t0)), total, last);
      return;
    }
    reading = true;
    void message(reads.signal)
      .then(
        (m) => {
          if (m !== undefined) last = m;
        },
        () => undefined,
      )
      .finally(() => {
        reading = false;
        if (!stopped) void progress.report(round3(secondsSince(t0)), total, last);
      });
  };
  tick();
  const timer = setInterval(tick, periodMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    reads.abort();
  };
}
