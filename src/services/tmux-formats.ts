import { shapeTemplate } from '../framework/output/shape-template';

/**
 * Format strings and row parsing. Rows keep tmux's raw strings (filters compare those: docs/reference/tools.md#filters);
 * serializers convert to the typed models (docs/reference/tools.md#typed-fields).
 */
export const SEP = '\u241e'; // ␞, as docs/reference/tools.md#snapshot_pane describes; never produced by tmux itself

export type Row = Record<string, string>;

export const SESSION_FIELDS = Object.freeze([
  'session_id',
  'session_name',
  'session_windows',
  'session_attached',
  'session_created',
  'pane_id',
] as const);

export const WINDOW_FIELDS = Object.freeze([
  'window_id',
  'window_name',
  'window_index',
  'session_id',
  'session_name',
  'window_panes',
  'window_layout',
  'window_active',
  'window_width',
  'window_height',
  'pane_id',
] as const);

export const PANE_FIELDS = Object.freeze([
  'pane_id',
  'pane_index',
  'pane_width',
  'pane_height',
  'pane_left',
  'pane_top',
  'pane_right',
  'pane_bottom',
  'pane_at_left',
  'pane_at_right',
  'pane_at_top',
  'pane_at_bottom',
  'pane_tty',
  'pane_current_command',
  'pane_current_path',
  'pane_pid',
  'pane_title',
  'pane_active',
  'window_id',
  'session_id',
] as const);

/** A tmux format field name we may put inside `#{...}` (no format syntax can get in: docs/reference/tools.md#filters). */
export const FIELD_NAME_RE = /^[a-z][a-z0-9_]{0,63}$/;

export function formatOf(fields: readonly string[]): string {
  for (const f of fields) if (!FIELD_NAME_RE.test(f)) throw new Error(`invalid tmux format field: ${f}`);
  return fields.map((f) => `#{${f}}`).join(SEP);
}

/**
 * Splits output lines into rows. The free-text field that could contain the separator is
 * always in the middle of the record, so extra separators are folded back into the field
 * with the most free text (names, titles, paths).
 */
export function parseRows(lines: readonly string[], fields: readonly string[]): Row[] {
  const template = rowTemplate(fields);
  return lines.map((line) => {
    const parts = line.split(SEP);
    if (parts.length > fields.length) {
      // Only possible when a name contains ␞: keep the line usable rather than mis-assigning.
      const extra = parts.length - fields.length;
      const at = Math.max(
        0,
        fields.findIndex((f) => /name|title|path|command/.test(f)),
      );
      parts.splice(at, extra + 1, parts.slice(at, at + extra + 1).join(SEP));
    }
    const row: Row = { ...template };
    for (let i = 0; i < fields.length; i++) row[fields[i]] = parts[i] ?? '';
    return row;
  });
}

const templates = new Map<string, Row>();
const templateOf = new WeakMap<readonly string[], Row>();

/**
 * The row every row of one field list is copied from, so all of them share one fixed shape (see
 * shapeTemplate). Field names are checked here, once per field list.
 */
function rowTemplate(fields: readonly string[]): Row {
  const known = templateOf.get(fields);
  if (known) return known;
  const key = fields.join(',');
  let t = templates.get(key);
  if (!t) {
    for (const f of fields) if (!FIELD_NAME_RE.test(f)) throw new Error(`invalid tmux format field: ${f}`);
    t = shapeTemplate(fields, '');
    // Filter fields make the lists vary; keep the cache bounded.
    if (templates.size >= 64) templates.clear();
    templates.set(key, t);
  }
  // The default field lists are constants: found by identity next time (no join).
  if (Object.isFrozen(fields)) templateOf.set(fields, t);
  return t;
}

export const toInt = (s: string | undefined): number | null => (s !== undefined && /^-?\d+$/.test(s) ? Number(s) : null);
export const toFlag = (s: string | undefined): boolean | null => (s === '1' ? true : s === '0' ? false : null);
export const toStr = (s: string | undefined): string | null => (s === undefined ? null : s);
