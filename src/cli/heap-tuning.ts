import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * V8 heap settings for the CLI process (bench 6: RSS after 10,000 list_panes calls, 50 at a
 * time, was 121 MB and still climbing). Measured, not a leak: the heap after a full GC stays
 * at ~16 MB however many calls run. Two lazy-GC effects made the RSS:
 *
 * - New space: V8 grows it to 2 × 16 MB under concurrent calls (in-flight calls survive
 *   scavenges) and keeps it. Capped at 8 MB (what `--max-semi-space-size=4` gives) the RSS
 *   fell by ~25 MB, flat from the first calls on (start-up already grows new space to 8 MB);
 *   sequential calls got no slower (scavenges come more often, each is cheaper); at 1,000
 *   concurrent calls the server spent ~5% more CPU than with a 16 MB cap, which in turn let
 *   the RSS step up during load. The node flag cannot be used (`node dist/cli.js` is the
 *   entry; re-executing node would cost the cold start), so the growth factor is set to 1 once
 *   new space has reached the cap; V8 reads that factor each time it would grow the space.
 * - Old space: each call leaves ~3 KB there (the SDK's per-request AbortController, zod
 *   objects: V8 places or promotes them there even at one call at a time), and V8 lets the old
 *   space reach about three times the live heap before it marks. `--heap-growing-percent=50`
 *   starts the next major GC at 1.5 × the live heap (V8 still adds at least 8 MB, which is what
 *   applies at ~16 MB live): a major GC of a few ms every second or two under load, RSS flat.
 *   It is a growth factor, not a heap limit: no workload can run out of memory because of it.
 *
 * Only the CLI does this, as the owner of the process; embedders keep their own V8 settings,
 * and so does anyone who starts node with heap flags. Both flags are put back at exit:
 * bundle-loader.ts writes the V8 code cache then, and V8 stamps the cache with the flags in
 * force; the next start compiles with defaults.
 */
const NEW_SPACE_CAP = 8 * 1024 * 1024;

const USER_HEAP_FLAGS =
  /--(max|min)-semi-space-size|--semi-space-growth-factor|--heap-growing-percent|--max-old-space-size|--max-heap-size/;

export function tuneHeapForServer(): void {
  if (USER_HEAP_FLAGS.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`)) return;
  setFlagsFromString('--heap-growing-percent=50');
  const cap = () => {
    const ns = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (!ns || ns.space_size < NEW_SPACE_CAP) return false;
    setFlagsFromString('--semi-space-growth-factor=1');
    return true;
  };
  if (!cap()) {
    // Start-up usually grows it there already; otherwise check after each GC until it has.
    const observer = new PerformanceObserver(() => {
      if (cap()) observer.disconnect();
    });
    observer.observe({ entryTypes: ['gc'] });
  }
  // prepend: runs before the code-cache writer (bundle-loader.ts registers its listener first).
  process.prependListener('exit', () => setFlagsFromString('--heap-growing-percent=0 --semi-space-growth-factor=2'));
}
