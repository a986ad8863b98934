import type { ProgressReporter } from '../../../framework/pipeline/call-context';

/** Seconds rounded to 3 decimals, as results report them. */
export const round3 = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** Seconds elapsed since a `performance.now()` timestamp. */
export const secondsSince = (t0: number): number => (performance.now() - t0) / 1000;

/**
 * Progress while a call waits (docs/reference/protocol.md#progress): one notification right away
 * and then every `periodMs` (well under a second, so timer jitter never stretches a gap past one
 * second), with `progress` = elapsed seconds and `total` = the effective timeout. The reporter
 * itself keeps values strictly increasing and at most 10 a second. Returns the stop function.
 */
export function startHeartbeat(progress: ProgressReporter, t0: number, total: number, periodMs = 500): () => void {
  if (!progress.enabled) return () => undefined;
  const tick = (): void => void progress.report(round3(secondsSince(t0)), total);
  tick();
  const timer = setInterval(tick, periodMs);
  return () => clearInterval(timer);
}
