import { shapeTemplate } from '../framework/output/shape-template';
import { tmuxFieldsOf, type ComputedOf, type FieldSpec, type ModelOf, type TmuxFieldSpec } from '../models/field-table';
import { PANE_INFO_FIELDS } from '../models/pane-info.model';
import { SESSION_INFO_FIELDS } from '../models/session-info.model';
import { WINDOW_INFO_FIELDS } from '../models/window-info.model';

/**
 * Format strings and row parsing. Rows keep tmux's raw strings (filters compare those: docs/reference/tools.md#filters);
 * serializers convert to the typed models (docs/reference/tools.md#typed-fields).
 */
export const SEP = '\u241e'; // ␞, as docs/reference/tools.md#snapshot_pane describes; never produced by tmux itself

export type Row = Record<string, string>;

/** The variables the default listings read: those of the models they give (models/tmux-fields.ts). */
export const SESSION_FIELDS = tmuxVariables(SESSION_INFO_FIELDS);
export const WINDOW_FIELDS = tmuxVariables(WINDOW_INFO_FIELDS);
export const PANE_FIELDS = tmuxVariables(PANE_INFO_FIELDS);

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

const toInt = (s: string | undefined): number | null => (s !== undefined && /^-?\d+$/.test(s) ? Number(s) : null);
const toFlag = (s: string | undefined): boolean | null => (s === '1' ? true : s === '0' ? false : null);
const toStr = (s: string | undefined): string | null => (s === undefined ? null : s);

/**
 * How tmux's text of one field becomes its typed value (docs/reference/tools.md#typed-fields):
 * integers and `1`/`0` flags are typed, anything else is null where the field is nullable and
 * 0, false or '' where it is not; a string stays as tmux gave it ('' too, unless `emptyNull`).
 */
function typer(f: TmuxFieldSpec): (s: string | undefined) => unknown {
  switch (f.type) {
    case 'integer':
      return f.nullable ? toInt : (s) => toInt(s) ?? 0;
    case 'boolean':
      return f.nullable ? toFlag : (s) => s === '1';
    case 'string':
      return !f.nullable ? (s) => s ?? '' : f.emptyNull ? (s) => (s === undefined || s === '' ? null : s) : toStr;
  }
}

/** The tmux variables a field list reads, in order, each once: a format's field list (formatOf, parseRows). */
export function tmuxVariables(fields: readonly FieldSpec[]): readonly string[] {
  return Object.freeze([...new Set(tmuxFieldsOf(fields).map((f) => f.tmux))]);
}

/** What a model's service supplies itself: its fields not read from tmux, and any it knows better than the row. */
export type Supplied<L extends readonly FieldSpec[]> = ComputedOf<L> & Partial<ModelOf<L[number]>>;

/**
 * Rows → one output model (docs/reference/tools.md#typed-fields): every field read from tmux
 * typed from the row (keyed by tmux variable), then the values the service supplies. The result
 * has the model's fields in the model's order, each one set, in one fixed shape (shapeTemplate).
 */
export function modelReader<const L extends readonly FieldSpec[]>(fields: L): (row: Row, supplied: Supplied<L>) => ModelOf<L[number]> {
  const read = tmuxFieldsOf(fields);
  const names = read.map((f) => f.name);
  const vars = read.map((f) => f.tmux);
  const types = read.map(typer);
  const template = shapeTemplate<unknown>(
    fields.map((f) => f.name),
    null,
  );
  return (row, supplied) => {
    const out = { ...template };
    for (let i = 0; i < names.length; i++) out[names[i]] = types[i](row[vars[i]]);
    for (const k in supplied) out[k] = (supplied as Record<string, unknown>)[k];
    return out as ModelOf<L[number]>;
  };
}
