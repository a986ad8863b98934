import { setFlagsFromString } from 'node:v8';

/**
 * V8 heap settings the server sets for itself, at start and once started (bench 6,
 * docs/architecture.md#memory). Under concurrent calls V8 grows the young generation to
 * 2 × 16 MB (calls in flight survive scavenges) and lets the old generation run to several
 * times the live heap (~16 MB) before collecting: 125 MB resident after 10,000 list_panes calls,
 * not a leak. Both knobs are read by V8 each time it sizes a space, so they work set at run
 * time, where `--max-semi-space-size` does not (the young generation's maximum is fixed when
 * the heap is made; re-executing node to pass it would cost the cold start):
 *
 * - `--semi-space-growth-factor=1`: the young generation stays at its initial size;
 * - `--heap-growing-percent=10`: the old generation is collected once it has grown 10 % past
 *   what the last full collection left, so promoted garbage goes soon.
 *
 * A user who passes heap flags of their own (in `node` arguments or NODE_OPTIONS, with `-` or `_`)
 * keeps them.
 */
const USER_HEAP_FLAGS =
  /--(max|min)-semi-space-size|--semi-space-growth-factor|--heap-growing-percent|--max-old-space-size|--max-heap-size|--optimize-for-size/;

const userHeapFlags = () => USER_HEAP_FLAGS.test(`${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`.replace(/_/g, '-'));

/** The young generation's flag, first thing (a young generation grown at start-up stays grown). */
export function tuneYoungGeneration(): void {
  if (!userHeapFlags()) setFlagsFromString('--semi-space-growth-factor=1');
}

/** The old generation's flag, once started: set before, start-up ran one full collection after another. */
export function tuneOldGeneration(): void {
  if (!userHeapFlags()) setFlagsFromString('--heap-growing-percent=10');
}
