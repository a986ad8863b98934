import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { CaptureService } from './capture.service';
import { CaptureCursor, lineHash } from './capture-since-cursor';
import { inTrimRiskBand, PaneState, PaneStateService, sameState } from './pane-state.service';

/** What one read produced: the state the new cursor is built from, and the rows to report. */
export interface PaneRead {
  state: PaneState;
  /** Rows from the cursor row down (the next cursor's fingerprint). */
  cursorRows: string[];
  lines: string[];
  linesMissed: boolean;
}

const STABLE_READ_ATTEMPTS = 3;

/**
 * The capture_since algorithm (docs/reference/tools.md#capture_since). It never blocks and never waits for
 * events (docs/reference/engine.md#waits-without-events):
 * every call is a few reads bracketed by two state samples, retried until tmux held still.
 */
@injectable()
export class CaptureSinceService {
  constructor(
    private readonly states: PaneStateService,
    private readonly capture: CaptureService,
  ) {}

  private cursorRows(engine: TmuxEngine, paneId: string, s: PaneState): Promise<string[]> {
    if (s.cursor_y >= s.pane_height) return Promise.resolve([]);
    return this.capture.rows(engine, paneId, { start: s.cursor_y });
  }

  private check(paneId: string, s: PaneState, baselinePid: string | null): void {
    if (baselinePid === null) {
      if (s.pane_dead) throw new ExpectedToolError(`pane ${paneId} died during pane read`);
    } else this.states.assertSameProcess(paneId, s, baselinePid);
  }

  /** First call (or anchor lost): the visible screen, with a stable state around the capture. */
  async readVisible(engine: TmuxEngine, paneId: string, baselinePid: string | null = null): Promise<PaneRead> {
    for (let i = 0; i < STABLE_READ_ATTEMPTS; i++) {
      const before = await this.states.read(engine, paneId);
      this.check(paneId, before, baselinePid);
      const pid = baselinePid ?? before.pane_pid;
      const lines = await this.capture.rows(engine, paneId);
      const cursorRows = await this.cursorRows(engine, paneId, before);
      const after = await this.states.read(engine, paneId);
      this.states.assertSameProcess(paneId, after, pid);
      if (sameState(before, after)) return { state: after, cursorRows, lines, linesMissed: false };
    }
    // The pane kept moving: report what is there now and admit rows may have slipped by.
    const state = await this.states.read(engine, paneId);
    this.check(paneId, state, baselinePid);
    const cursorRows = await this.cursorRows(engine, paneId, state);
    const lines = await this.capture.rows(engine, paneId);
    return { state, cursorRows, lines, linesMissed: true };
  }

  /** Follow-up call: the rows written or rewritten since the cursor. */
  async readDelta(engine: TmuxEngine, paneId: string, cursor: CaptureCursor): Promise<PaneRead> {
    const limit = await this.states.historyLimit(engine, paneId);
    const missed = async (): Promise<PaneRead> => ({ ...(await this.readVisible(engine, paneId, cursor.pane_pid)), linesMissed: true });
    for (let i = 0; i < STABLE_READ_ATTEMPTS; i++) {
      const before = await this.states.read(engine, paneId);
      this.states.assertSameProcess(paneId, before, cursor.pane_pid);
      if (anchorLost(cursor, before)) return missed();
      const trimRisk = inTrimRiskBand(limit, cursor.history_size, before.history_size);
      const start = cursor.anchor_abs - before.history_size;
      // Near history-limit tmux may have shifted rows: take all history and re-locate the anchor.
      let rows = trimRisk
        ? await this.capture.rows(engine, paneId, { start: '-' })
        : start >= before.pane_height
          ? []
          : await this.capture.rows(engine, paneId, { start });
      const cursorRows = await this.cursorRows(engine, paneId, before);
      const after = await this.states.read(engine, paneId);
      this.states.assertSameProcess(paneId, after, cursor.pane_pid);
      if (!sameState(before, after)) continue;
      if (trimRisk) {
        const at = findUniqueFingerprint(rows, cursor, before, limit);
        if (at === null) return missed();
        rows = rows.slice(at);
      }
      return { state: after, cursorRows, lines: dropSeen(rows, cursor), linesMissed: false };
    }
    return missed();
  }
}

/**
 * tmux proved the anchor gone: it lies below the grid, history was cleared, or history shrank
 * without the pane growing (a resize-grow pulls rows out of history without freeing them).
 */
export function anchorLost(c: CaptureCursor, s: PaneState): boolean {
  if (c.anchor_abs > s.history_size + s.pane_height - 1) return true;
  if (s.history_size === 0 && c.history_size > 0) return true;
  return s.history_size < c.history_size && s.pane_height <= c.pane_height;
}

/**
 * Index in a full-history capture where `[anchor_hash, ...below_hashes]` occurs exactly once.
 * tmux evicts only from the top, so the anchor can only have moved up: later candidates are
 * rejected. A one-row fingerprint on a saturated history may only match in scrollback, or it
 * would latch onto the current prompt (a twin of an old prompt row).
 */
export function findUniqueFingerprint(rows: string[], c: CaptureCursor, s: PaneState, limit: number): number | null {
  if (c.anchor_hash === null) return null;
  const fp = [c.anchor_hash, ...c.below_hashes];
  if (rows.length < fp.length) return null;
  const hashes = rows.map(lineHash);
  const blind = fp.length === 1 && inTrimRiskBand(limit, c.history_size, s.history_size);
  const last = Math.min(rows.length - fp.length, c.anchor_abs);
  let found: number | null = null;
  for (let i = 0; i <= last; i++) {
    if (blind && i >= s.history_size) continue;
    if (!fp.every((h, k) => hashes[i + k] === h)) continue;
    if (found !== null) return null;
    found = i;
  }
  return found;
}

/**
 * Delta rule: drop the anchor row if unchanged (a rewritten anchor row, e.g. a `\r` progress
 * line, IS reported), then the leading rows whose hashes still equal below_hashes in order.
 */
export function dropSeen(rows: string[], c: CaptureCursor): string[] {
  if (!rows.length) return [];
  const out: string[] = [];
  if (c.anchor_hash === null || lineHash(rows[0]) !== c.anchor_hash) out.push(rows[0]);
  const tail = rows.slice(1);
  let drop = 0;
  while (drop < tail.length && drop < c.below_hashes.length && lineHash(tail[drop]) === c.below_hashes[drop]) drop++;
  return [...out, ...tail.slice(drop)];
}
