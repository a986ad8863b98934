import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { SEP, toFlag, toInt } from '../../../services/tmux-formats';

/** The 23 fields of snapshot_pane (docs/reference/tools.md#snapshot_pane), in format order. */
const HEAD = ['cursor_x', 'cursor_y', 'pane_width', 'pane_height', 'pane_in_mode', 'pane_mode', 'scroll_position', 'history_size'];
/** Free text a program in the pane can set (titles via OSC, process names, directory names). */
const FREE = ['pane_title', 'pane_current_command', 'pane_current_path'];
const TAIL = [
  'pane_left',
  'pane_top',
  'pane_right',
  'pane_bottom',
  'pane_at_left',
  'pane_at_right',
  'pane_at_top',
  'pane_at_bottom',
  'pane_tty',
  'pane_pid',
  'pane_dead',
  'alternate_on',
];
export const SNAPSHOT_FIELDS = [...HEAD, ...FREE, ...TAIL];
export const SNAPSHOT_FORMAT = SNAPSHOT_FIELDS.map((f) => `#{${f}}`).join(SEP);

export type SnapshotRaw = Record<string, string>;

const display = async (engine: TmuxEngine, paneId: string, fmt: string) =>
  // A value holding a newline spans lines: rejoin them.
  (await engine.run(['display-message', '-p', '-t', paneId, fmt])).join('\n');

/**
 * One display-message for all fields. Only if a free-text value itself contains ␞ (then the
 * split is ambiguous) are the three free-text fields read again one by one.
 */
export async function readSnapshotFields(engine: TmuxEngine, paneId: string): Promise<SnapshotRaw> {
  const parts = (await display(engine, paneId, SNAPSHOT_FORMAT)).split(SEP);
  const raw: SnapshotRaw = {};
  HEAD.forEach((f, i) => (raw[f] = parts[i] ?? ''));
  if (parts.length <= SNAPSHOT_FIELDS.length) {
    FREE.forEach((f, i) => (raw[f] = parts[HEAD.length + i] ?? ''));
    TAIL.forEach((f, i) => (raw[f] = parts[HEAD.length + FREE.length + i] ?? ''));
    return raw;
  }
  const tail = parts.slice(parts.length - TAIL.length);
  TAIL.forEach((f, i) => (raw[f] = tail[i]));
  for (const f of FREE) raw[f] = await display(engine, paneId, `#{${f}}`);
  return raw;
}

/** Typing per docs/reference/tools.md#snapshot_pane: ints padded to 0, geometry/flags/strings null when empty. */
export function typedSnapshot(raw: SnapshotRaw) {
  const str = (s: string) => (s === '' ? null : s);
  return {
    cursor_x: toInt(raw.cursor_x) ?? 0,
    cursor_y: toInt(raw.cursor_y) ?? 0,
    pane_width: toInt(raw.pane_width) ?? 0,
    pane_height: toInt(raw.pane_height) ?? 0,
    pane_left: toInt(raw.pane_left),
    pane_top: toInt(raw.pane_top),
    pane_right: toInt(raw.pane_right),
    pane_bottom: toInt(raw.pane_bottom),
    pane_at_left: toFlag(raw.pane_at_left),
    pane_at_right: toFlag(raw.pane_at_right),
    pane_at_top: toFlag(raw.pane_at_top),
    pane_at_bottom: toFlag(raw.pane_at_bottom),
    pane_tty: str(raw.pane_tty),
    pane_pid: toInt(raw.pane_pid),
    pane_dead: toFlag(raw.pane_dead),
    alternate_on: toFlag(raw.alternate_on),
    pane_in_mode: raw.pane_in_mode === '1',
    pane_mode: str(raw.pane_mode),
    scroll_position: toInt(raw.scroll_position),
    history_size: toInt(raw.history_size) ?? 0,
    title: str(raw.pane_title),
    pane_current_command: str(raw.pane_current_command),
    pane_current_path: str(raw.pane_current_path),
  };
}
