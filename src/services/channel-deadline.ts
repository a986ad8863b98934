/** Outcome of {@link runBounded}: the value, or the fact that the deadline passed first. */
export type Bounded<T> = { timedOut: false; value: T } | { timedOut: true };

/**
 * Runs `fn` with an AbortSignal that fires at the deadline or when `outer` (the call's own
 * cancellation) fires. Whatever `fn` rejects with after our deadline counts as a timeout, so the
 * caller can word it (`… timeout after 5s …`, docs/reference/errors.md#channels,
 * docs/reference/errors.md#buffers) regardless of how the engine reports an abort. A cancellation
 * from `outer` is rethrown as is. Used by the channel and buffer tools.
 */
export async function runBounded<T>(
  ms: number,
  outer: AbortSignal | undefined,
  fn: (signal: AbortSignal) => Promise<T>,
): Promise<Bounded<T>> {
  if (outer?.aborted) throw outer.reason ?? new Error('aborted');
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      ctl.abort();
    },
    Math.max(0, ms),
  );
  const onAbort = () => ctl.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    return { timedOut: false, value: await fn(ctl.signal) };
  } catch (err) {
    if (timedOut && !outer?.aborted) return { timedOut: true };
    throw err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
