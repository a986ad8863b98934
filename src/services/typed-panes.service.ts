import { inject, injectable } from 'tsyringe';
import type { Logger } from 'winston';
import { LOGGER_FACTORY } from '../framework/tokens';
import { type RunOptions, runList, serverKeyId, type TmuxEngine } from '../tmux/tmux-engine';
import { readSnapshot, snapshotCommands } from './screen-snapshot';

/** How long a typing counts for the next wait_for_text (docs/reference/tools.md#wait_for_text). */
export const TYPED_TTL_MS = 60_000;
/** Records kept at most (the oldest go first): a bound, not a limit any caller meets. */
export const TYPED_MAX = 256;

/** What a pane looked like just before this server typed into it (docs/reference/tools.md#wait_for_text). */
export interface TypedRecord {
  /** The service's clock (ms) when the look was taken. */
  readonly at: number;
  /** The grid row of the cursor: history_size + cursor_y. */
  readonly anchor: number;
  readonly history_size: number;
  readonly pane_height: number;
  readonly pane_pid: string;
  /** The rows from the cursor row down (joined), the stale set of a wait that counts from here. */
  readonly rows: readonly string[];
  /** The visible rows (joined): what was already on screen before the typing. */
  readonly visible: readonly string[];
}

/** Told after each successful typing; what it returns is ignored (a rejected promise is logged, never awaited). */
export type TypedListener = (serverKey: string, paneId: string) => unknown;

interface Entry {
  record: TypedRecord;
  used: boolean;
}

/** A typing under way: whether a wait on its pane ran meanwhile. */
interface Typing {
  seen: boolean;
}

/**
 * The panes this server typed into (send_keys, send_keys_batch, paste_text, paste_buffer), per
 * tmux server and pane: the look at the pane taken in the same atomic command list as the typing
 * (docs/reference/engine.md#screen-snapshots), which the first wait_for_text after it counts from
 * (docs/reference/tools.md#wait_for_text). A per-server singleton.
 */
@injectable()
export class TypedPanes {
  /** The clock (ms); a test may replace it. */
  clock: () => number = () => performance.now();

  private readonly records = new Map<string, Entry>();
  /** Waits running per pane: a typing while one runs is output that wait already counts as fresh. */
  private readonly watching = new Map<string, number>();
  private readonly inFlight = new Map<string, Set<Typing>>();
  private readonly listeners = new Set<TypedListener>();
  private readonly log: Logger | null;

  // Optional: a service built outside a server's container (a test's) runs without a logger.
  constructor(@inject(LOGGER_FACTORY, { isOptional: true }) loggers?: (name: string) => Logger) {
    this.log = loggers ? loggers('tmux_mcp.typed') : null;
  }

  /**
   * Types into a pane: runs the look at the pane and then `commands` as ONE atomic command list
   * (no extra round trip; on the subprocess engine still one process), records the look and tells
   * the listeners. Resolves with the outputs of `commands`. Errors are those of the commands (a
   * vanished pane fails the capture with the same tmux text send-keys would give, and nothing is
   * typed). An engine without command lists of its own gets the commands alone and no record.
   */
  async type(engine: TmuxEngine, paneId: string, commands: readonly (readonly string[])[], opts?: RunOptions): Promise<string[][]> {
    if (!engine.runList) {
      const out = await runList(engine, commands, { ...opts, atomic: true });
      this.typed(engine, paneId);
      return out;
    }
    const look = snapshotCommands(paneId);
    const at = this.clock();
    const key = this.keyOf(engine, paneId);
    // A wait that runs at any moment of the typing counts its output as fresh itself.
    const typing: Typing = { seen: this.watching.has(key) };
    let pending = this.inFlight.get(key);
    if (!pending) this.inFlight.set(key, (pending = new Set()));
    pending.add(typing);
    let out: string[][];
    try {
      out = await runList(engine, [...look, ...commands], { ...opts, atomic: true });
    } finally {
      pending.delete(typing);
      if (!pending.size && this.inFlight.get(key) === pending) this.inFlight.delete(key);
    }
    this.remember(engine, paneId, out, at, typing.seen);
    this.typed(engine, paneId);
    return out.slice(look.length);
  }

  /**
   * The record of the last typing into the pane, if it is younger than 60 s and no wait has used
   * it yet; marks it used, so only the first wait after a typing counts from it.
   */
  consume(engine: TmuxEngine, paneId: string): TypedRecord | null {
    this.prune();
    const entry = this.records.get(this.keyOf(engine, paneId));
    if (!entry || entry.used || this.clock() - entry.record.at >= TYPED_TTL_MS) return null;
    entry.used = true;
    return entry.record;
  }

  /**
   * A wait on the pane runs from now until the returned function is called: a typing meanwhile is
   * recorded as used, since the running wait already counts its output as fresh and a later wait
   * must count from its own entry.
   */
  watch(engine: TmuxEngine, paneId: string): () => void {
    const key = this.keyOf(engine, paneId);
    this.watching.set(key, (this.watching.get(key) ?? 0) + 1);
    for (const t of this.inFlight.get(key) ?? []) t.seen = true;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.watching.get(key) ?? 1) - 1;
      if (n > 0) this.watching.set(key, n);
      else this.watching.delete(key);
    };
  }

  /**
   * Drops the pane's record: for a caller that typed into the pane and waited for the result
   * itself (run_command), after which the next wait should count from its own entry.
   */
  forget(engine: TmuxEngine, paneId: string): void {
    this.records.delete(this.keyOf(engine, paneId));
  }

  /** Called after each successful typing with the server key (serverKeyId) and the pane id. */
  onTyped(listener: TypedListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Records a look taken at `at` (exposed for tests: `outputs` begin with the answers of
   * snapshotCommands). A newer typing replaces the record, also when its look cannot be read.
   */
  remember(engine: TmuxEngine, paneId: string, outputs: readonly (readonly string[])[], at = this.clock(), seen = false): void {
    const key = this.keyOf(engine, paneId);
    this.records.delete(key);
    let snap;
    try {
      snap = readSnapshot(paneId, outputs);
    } catch {
      return; // not this pane's state: no record, the next wait counts from its own entry
    }
    if (!snap.fromCursor) return;
    const s = snap.state;
    const record: TypedRecord = {
      at,
      anchor: s.history_size + s.cursor_y,
      history_size: s.history_size,
      pane_height: s.pane_height,
      pane_pid: s.pane_pid,
      rows: snap.fromCursor,
      visible: snap.visible,
    };
    // Deleted above and inserted again: the map stays ordered oldest first.
    this.records.set(key, { record, used: seen || this.watching.has(key) });
    this.prune();
  }

  private typed(engine: TmuxEngine, paneId: string): void {
    const server = serverKeyId(engine.key);
    for (const l of [...this.listeners]) {
      try {
        const r: unknown = l(server, paneId);
        if (r instanceof Promise) r.catch((err: unknown) => this.listenerFailed(err));
      } catch (err) {
        this.listenerFailed(err);
      }
    }
  }

  /** A listener's failure never fails the typing: it is logged. */
  private listenerFailed(err: unknown): void {
    try {
      this.log?.warn(`a typed-pane listener failed: ${err instanceof Error ? err.message : String(err)}`);
    } catch {
      // Logging is a side effect that may fail itself; the typing went through.
    }
  }

  /** Drops records past their age (the map is ordered oldest first) and the oldest beyond the bound. */
  private prune(): void {
    const now = this.clock();
    for (const [key, entry] of this.records) {
      if (this.records.size > TYPED_MAX || now - entry.record.at >= TYPED_TTL_MS) this.records.delete(key);
      else break;
    }
  }

  private keyOf(engine: TmuxEngine, paneId: string): string {
    return JSON.stringify([serverKeyId(engine.key), paneId]);
  }
}
