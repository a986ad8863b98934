import { trimTrailingEmpty } from './capture-limits';
import { type PaneState, parseState, stateArgv } from './pane-state.service';

/**
 * One look at a pane (docs/reference/engine.md#screen-snapshots): its state and its visible rows,
 * taken by commands that go inside one atomic command list, so no pane output falls between them.
 */
export interface ScreenSnapshot {
  readonly state: PaneState;
  /** The visible rows joined (`capture-pane -J -S 0`), trailing empty rows dropped. */
  readonly visible: string[];
  /**
   * The rows from the cursor row down, exactly as `capture-pane -J -S <cursor_y>` gives them
   * (trailing empty rows dropped); null when the two captures did not line up (never seen; the
   * caller then captures them on its own).
   */
  readonly fromCursor: string[] | null;
}

/**
 * The snapshot's commands: the state, the visible rows joined, and the same rows one per screen row
 * (`-N` keeps trailing spaces, as `-J` does). A capture's start cannot depend on the cursor row in
 * the same command list (tmux 3.3a does not expand formats in `-S`), so the rows from the cursor
 * down are cut from the screen afterwards (see {@link rowsFrom}).
 */
export function snapshotCommands(paneId: string): string[][] {
  return [stateArgv(paneId), ['capture-pane', '-p', '-J', '-t', paneId, '-S', '0'], ['capture-pane', '-p', '-N', '-t', paneId, '-S', '0']];
}

/** Reads the answers of {@link snapshotCommands} (the first three outputs); PaneNotFound when the state is not this pane's. */
export function readSnapshot(paneId: string, outputs: readonly (readonly string[])[]): ScreenSnapshot {
  const state = parseState(paneId, outputs[0] ?? []);
  const joined = outputs[1] ?? [];
  const rows = rowsFrom(joined, outputs[2] ?? [], state.cursor_y);
  return { state, visible: trimTrailingEmpty([...joined]), fromCursor: rows && trimTrailingEmpty(rows) };
}

/**
 * What `capture-pane -J -S row` would give, from the joined capture of the screen and the capture
 * of the same rows one per screen row: a joined line is its screen rows concatenated (neither
 * capture trims spaces), so walking both lines them up; the line that holds `row` is cut there,
 * as tmux starts a capture mid-line. Null when they do not line up.
 */
export function rowsFrom(joined: readonly string[], physical: readonly string[], row: number): string[] | null {
  let p = 0;
  for (let k = 0; k < joined.length; k++) {
    const first = p;
    let text = '';
    do text += physical[p++] ?? '';
    while (text.length < joined[k].length && p < physical.length);
    if (text !== joined[k]) return null;
    if (row >= first && row < p) return [physical.slice(row, p).join(''), ...joined.slice(k + 1)];
  }
  return null;
}
