import { injectable } from 'tsyringe';
import type { RunOptions, TmuxEngine } from '../tmux/tmux-engine';
import { trimTrailingEmpty } from './capture-limits';
import { rethrowPaneGone } from './pane-state.service';

export interface CaptureRange {
  /** `-S`: a line number (0 = first visible row, negative = scrollback) or `'-'` for the start of history. */
  start?: number | '-' | null;
  /** `-E`: a line number; omitted = the last visible row. */
  end?: number | null;
  /** `-J`: join wrapped lines (and keep trailing spaces), docs/reference/tools.md#search_panes, docs/reference/tools.md#wait_for_text. */
  join?: boolean;
}

/**
 * `capture-pane -p -t %N [-J] [-S start] [-E end]`: plain text, no escape sequences. Only ids we
 * resolved and integers reach the argv (docs/reference/tools.md#explicit-targets); trailing empty
 * rows are dropped as libtmux does.
 */
@injectable()
export class CaptureService {
  argv(paneId: string, range: CaptureRange = {}): string[] {
    const args = ['capture-pane', '-p'];
    if (range.join) args.push('-J');
    args.push('-t', paneId);
    if (range.start !== undefined && range.start !== null) args.push('-S', String(range.start));
    if (range.end !== undefined && range.end !== null) args.push('-E', String(range.end));
    return args;
  }

  async rows(engine: TmuxEngine, paneId: string, range: CaptureRange = {}, opts?: RunOptions): Promise<string[]> {
    try {
      return trimTrailingEmpty(await engine.run(this.argv(paneId, range), opts));
    } catch (err) {
      return rethrowPaneGone(err, paneId);
    }
  }
}
