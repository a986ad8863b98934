import { safeText } from '../framework/validation/safe-repr';
import type { RunOptions, TmuxEngine } from '../tmux/tmux-engine';

/** At most this many code points of a pane line go into a progress message. */
export const PROGRESS_LINE_MAX = 120;

/**
 * What a wait's progress notifications say (docs/reference/protocol.md#progress): the pane's last
 * non-blank visible line (as `shown` has it, when given), control characters escaped, at most 120 code points; undefined when
 * the pane shows nothing (or cannot be read: a progress message never fails the wait).
 */
export async function paneLastLine(
  engine: TmuxEngine,
  paneId: string,
  opts?: RunOptions,
  shown?: (row: string) => string | null,
): Promise<string | undefined> {
  try {
    // With `shown` (a run's rows as a person should read them) wrapped rows are joined first, so
    // the run's typed line is recognized whatever the pane's width.
    const rows = await engine.run(['capture-pane', '-p', ...(shown ? ['-J'] : []), '-t', paneId], opts);
    for (let i = rows.length - 1; i >= 0; i--) {
      const line = (shown ? (shown(rows[i]) ?? '') : rows[i]).trim();
      if (line) return safeText(line, PROGRESS_LINE_MAX);
    }
  } catch {
    // the pane is gone or tmux is busy: the wait itself will say so
  }
  return undefined;
}
