import { createHash } from 'node:crypto';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { PaneState } from './pane-state.service';

/** The decoded `capture-since-v1:` cursor (docs/reference/tools.md#capture_since). Field names are the wire names. */
export interface CaptureCursor {
  pane_id: string;
  /** tmux's decimal string, as libtmux-mcp writes it (cursors stay interchangeable with its own). */
  pane_pid: string;
  history_size: number;
  pane_height: number;
  /** Absolute grid row of the cursor: history_size + cursor_y. */
  anchor_abs: number;
  /** sha256 hex of the cursor row, or null when nothing was printed from the cursor down. */
  anchor_hash: string | null;
  /** sha256 hex of each row below the cursor. */
  below_hashes: string[];
}

export const CURSOR_PREFIX = 'capture-since-v1:';
const VERSION = 1;

export const lineHash = (line: string): string => createHash('sha256').update(line, 'utf8').digest('hex');

/** Builds the cursor for the state just read and the rows from the cursor row down. */
export function encodeCursor(paneId: string, state: PaneState, cursorRows: readonly string[]): string {
  // Keys in sorted order, compact: byte-identical to libtmux-mcp's json.dumps(sort_keys=True), so cursors
  // stay interchangeable (docs/reference/tools.md#capture_since).
  const payload = {
    anchor_abs: state.history_size + state.cursor_y,
    anchor_hash: cursorRows.length ? lineHash(cursorRows[0]) : null,
    below_hashes: cursorRows.slice(1).map(lineHash),
    history_size: state.history_size,
    pane_height: state.pane_height,
    pane_id: paneId,
    pane_pid: state.pane_pid,
    version: VERSION,
  };
  // JSON.stringify escapes like Python's ensure_ascii only for ASCII input; ids and hashes are ASCII.
  return CURSOR_PREFIX + Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

function invalid(reason: string): never {
  throw new ExpectedToolError(`invalid capture_since cursor: ${reason}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(p: Record<string, unknown>, key: string): string {
  const v = p[key];
  if (typeof v !== 'string' || !v) invalid(`missing or invalid ${key}`);
  return v;
}

function nonNegInt(p: Record<string, unknown>, key: string): number {
  const v = p[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) invalid(`missing or invalid ${key}`);
  return v;
}

/** Decodes and checks an opaque cursor; every failure is `invalid capture_since cursor: <reason>`. */
export function decodeCursor(cursor: string): CaptureCursor {
  if (!cursor.startsWith(CURSOR_PREFIX)) invalid('unsupported cursor format');
  const encoded = cursor.slice(CURSOR_PREFIX.length);
  let payload: unknown;
  try {
    // Node's base64url decoder skips foreign characters silently: check the alphabet first.
    if (!/^[A-Za-z0-9_-]*={0,2}$/.test(encoded) || encoded.replace(/=+$/, '').length % 4 === 1) throw new Error('bad base64');
    const raw = Buffer.from(encoded, 'base64url');
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    invalid('could not decode payload');
  }
  if (!isObject(payload)) invalid('payload is not an object');
  if (payload.version !== VERSION) invalid('unsupported cursor version');
  const anchorHash = payload.anchor_hash;
  if (anchorHash !== null && anchorHash !== undefined && typeof anchorHash !== 'string') invalid('missing or invalid anchor_hash');
  const below = payload.below_hashes;
  if (!Array.isArray(below) || !below.every((h) => typeof h === 'string')) invalid('missing or invalid below_hashes');
  return {
    pane_id: str(payload, 'pane_id'),
    pane_pid: str(payload, 'pane_pid'),
    history_size: nonNegInt(payload, 'history_size'),
    pane_height: nonNegInt(payload, 'pane_height'),
    anchor_abs: nonNegInt(payload, 'anchor_abs'),
    anchor_hash: typeof anchorHash === 'string' ? anchorHash : null,
    below_hashes: below,
  };
}
