import { randomUUID } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import type { Logger } from 'winston';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { LOGGER_FACTORY } from '../framework/tokens';
import { safeRepr } from '../framework/validation/safe-repr';
import { serverKeyId, type TmuxEngine, type TmuxServerKey } from '../tmux/tmux-engine';
import { isHostError, TmuxCommandNotFound, TmuxTimeout } from '../tmux/tmux-errors';
import { TmuxServerPool } from './tmux-server-pool.service';

/** Agent buffer namespace (docs/reference/engine.md#buffer-names): user and clipboard buffers never match it. */
export const BUFFER_PREFIX = 'tmux_mcp_';
const LOGICAL_RE = /^[A-Za-z0-9_.-]{1,64}$/;
const NAME_RE = /^tmux_mcp_[0-9a-f]{32}_[A-Za-z0-9_.-]{1,64}$/;

/**
 * The buffers this process created and still holds, per tmux server
 * (docs/reference/engine.md#buffer-cleanup). At shutdown it deletes exactly those, never others by
 * prefix: another agent's buffers and the user's stay. A per-server singleton; it registers its
 * shutdown hook when first constructed, which is before any buffer can exist.
 */
@injectable()
export class BufferStore {
  private readonly held = new Map<string, { key: TmuxServerKey; names: Set<string> }>();
  private readonly log: Logger;

  constructor(
    private readonly pool: TmuxServerPool,
    @inject(LOGGER_FACTORY) loggers: (name: string) => Logger,
  ) {
    this.log = loggers('tmux_mcp.buffers');
  }

  /** `tmux_mcp_<uuid4 hex>_<logical>`; null/empty logical → `buf`. Unique per call. */
  newName(logical: string | null | undefined): string {
    const l = logical == null || logical === '' ? 'buf' : logical;
    if (!LOGICAL_RE.test(l)) throw new ExpectedToolError(`Invalid logical buffer name: ${safeRepr(l)}`);
    return `${BUFFER_PREFIX}${randomUUID().replace(/-/g, '')}_${l}`;
  }

  /** Every tool but load_buffer takes only full agent names (docs/reference/tools.md#buffers): no reading user/clipboard buffers. */
  assertName(name: string): void {
    if (!NAME_RE.test(name)) throw new ExpectedToolError(`Invalid buffer name: ${safeRepr(name)}`);
  }

  track(engine: TmuxEngine, name: string): void {
    const id = serverKeyId(engine.key);
    let entry = this.held.get(id);
    if (!entry) this.held.set(id, (entry = { key: engine.key, names: new Set() }));
    entry.names.add(name);
  }

  untrack(engine: TmuxEngine, name: string): void {
    this.held.get(serverKeyId(engine.key))?.names.delete(name);
  }

  /** Names held on one server (for tests and diagnostics). */
  heldOn(engine: TmuxEngine): string[] {
    return [...(this.held.get(serverKeyId(engine.key))?.names ?? [])];
  }

  /**
   * Runs one buffer command within the command deadline (docs/reference/configuration.md#command-deadline)
   * with the texts of docs/reference/errors.md#buffers: `<verb> failed for '<name>': <stderr>`,
   * except `load-buffer failed: <stderr>`, which is worded without the name (the same text as
   * paste_text's load step, docs/reference/tools.md#paste_text). A deadline that passes is
   * `tmux did not answer within N s`.
   */
  async run(
    engine: TmuxEngine,
    verb: string,
    name: string,
    args: readonly string[],
    signal?: AbortSignal,
    raw = false,
    input?: string,
  ): Promise<string> {
    const n = safeRepr(name);
    try {
      return await (raw ? engine.runRaw(args, { signal, input }) : engine.run(args, { signal, input }).then((l) => l.join('\n')));
    } catch (err) {
      if (err instanceof TmuxCommandNotFound || err instanceof TmuxTimeout || isHostError(err) || signal?.aborted) throw err;
      const failed = verb === 'load-buffer' ? `${verb} failed` : `${verb} failed for ${n}`;
      throw new ExpectedToolError(`${failed}: ${(err as Error).message}`);
    }
  }

  /**
   * Shutdown GC (docs/reference/engine.md#buffer-cleanup,
   * docs/reference/configuration.md#shutdown): best effort, every server in parallel, each delete
   * capped.
   */
  async releaseAll(): Promise<void> {
    const entries = [...this.held.values()];
    this.held.clear();
    await Promise.allSettled(
      entries.map(async ({ key, names }) => {
        const engine = this.pool.engineFor(key);
        for (const name of names) {
          try {
            await this.run(engine, 'delete-buffer', name, ['delete-buffer', '-b', name]);
          } catch (err) {
            this.log.debug(`shutdown: ${(err as Error).message}`);
          }
        }
      }),
    );
  }
}
