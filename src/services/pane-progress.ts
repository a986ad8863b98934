import { safeText } from '../framework/validation/safe-repr';
import type { RunOptions, TmuxEngine } from '../tmux/tmux-engine';

/** At most this many code points of a pane line go into a progress message. */
export const PROGRESS_LINE_MAX = 120;

/**
 * What a wait's progress notifications say (docs/reference/protocol.md#progress): the pane's last
 * non-blank visible line, control characters escaped, at most 120 code points; undefined when
 * the pane shows nothing (or cannot be read: a progress message never fails the wait).
 */
export async function paneLastLine(engine: TmuxEngine, paneId: string, opts?: RunOptions): Promise<string | undefined> {
  try {
    const rows = await engine.run(['capture-pane', '-p', '-t', paneId], opts);
    for (let i = rows.length - 1; i >= 0; i--) {
      const line = rows[i].trim();
      if (line) return safeText(line, PROGRESS_LINE_MAX);
    }
  } catch {
    // the pane is gone or tmux is busy: the wait itself will say so
  }
  return undefined;
}
