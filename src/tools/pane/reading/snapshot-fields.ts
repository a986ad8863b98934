import type { TmuxEngine } from '../../../tmux/tmux-engine';
import { tmuxFieldsOf } from '../../../models/field-table';
import { PANE_SNAPSHOT_FIELDS } from '../../../models/pane-snapshot.model';
import { PANE } from '../../../models/tmux-fields';
import { formatOf, modelReader, SEP } from '../../../services/tmux-formats';

/**
 * What one display-message reads for snapshot_pane (docs/reference/tools.md#snapshot_pane): the
 * snapshot's tmux fields but the pane id (the target, known already), in the model's order with
 * the free text (titles via OSC, process names, directory names: models/tmux-fields.ts) last.
 */
const READ = tmuxFieldsOf(PANE_SNAPSHOT_FIELDS).filter((f) => f.tmux !== PANE.pane_id.tmux);
const FIXED = READ.filter((f) => !f.free).map((f) => f.tmux);
const FREE = READ.filter((f) => f.free).map((f) => f.tmux);
export const SNAPSHOT_FIELDS = [...FIXED, ...FREE];
export const SNAPSHOT_FORMAT = formatOf(SNAPSHOT_FIELDS);

/** tmux's text of the snapshot fields, by tmux variable, and the pane's id. */
export type SnapshotRaw = Record<string, string>;

const display = async (engine: TmuxEngine, paneId: string, fmt: string) =>
  // A value holding a newline spans lines: rejoin them.
  (await engine.run(['display-message', '-p', '-t', paneId, fmt])).join('\n');

/**
 * One display-message for all fields. Only if a free-text value itself contains ␞ (then the
 * split is ambiguous) are the free-text fields read again one by one.
 */
export async function readSnapshotFields(engine: TmuxEngine, paneId: string): Promise<SnapshotRaw> {
  const parts = (await display(engine, paneId, SNAPSHOT_FORMAT)).split(SEP);
  const raw: SnapshotRaw = { [PANE.pane_id.tmux]: paneId };
  FIXED.forEach((f, i) => (raw[f] = parts[i] ?? ''));
  if (parts.length <= SNAPSHOT_FIELDS.length) {
    FREE.forEach((f, i) => (raw[f] = parts[FIXED.length + i] ?? ''));
    return raw;
  }
  for (const f of FREE) raw[f] = await display(engine, paneId, `#{${f}}`);
  return raw;
}

/** Typing per docs/reference/tools.md#snapshot_pane: ints padded to 0, geometry/flags/strings null when empty. */
export const typedSnapshot = modelReader(PANE_SNAPSHOT_FIELDS);
