import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { isHostError, LibTmuxException } from '../tmux/tmux-errors';
import { BUFFER_TIMEOUT_MS, BufferStore } from './buffer-store.service';
import { runBounded } from './channel-deadline';

/**
 * paste_text's transport (docs/reference/tools.md#paste_text, docs/reference/engine.md#buffer-names,
 * docs/reference/engine.md#buffer-cleanup): the text reaches tmux on the stdin of a `load-buffer
 * -b NAME -` subprocess (so NUL and any size survive, no argv or control line carries it, and no
 * file is needed: a remote host gets the bytes through the ssh connection), is loaded into a fresh
 * `tmux_mcp_<32hex>_paste` buffer, and pasted with `-d` so tmux deletes the buffer itself. The
 * buffer is tracked by the BufferStore while it exists, so a shutdown mid-paste still deletes it.
 */
@injectable()
export class PasteService {
  constructor(private readonly buffers: BufferStore) {}

  async paste(engine: TmuxEngine, paneId: string, text: string, bracket: boolean, signal: AbortSignal): Promise<void> {
    const name = this.buffers.newName('paste');
    let pasted = false;
    try {
      this.buffers.track(engine, name);
      await this.load(engine, name, text, signal);
      await engine.run(['paste-buffer', '-t', paneId, '-b', name, '-d', ...(bracket ? ['-p'] : [])], { signal });
      pasted = true;
    } finally {
      // paste-buffer -d already deleted it; otherwise make sure no buffer of ours is left.
      if (!pasted) await engine.run(['delete-buffer', '-b', name], { timeoutMs: BUFFER_TIMEOUT_MS }).catch(() => undefined);
      this.buffers.untrack(engine, name);
    }
  }

  /** `load-buffer` capped at 5 s with the texts of docs/reference/tools.md#paste_text. */
  private async load(engine: TmuxEngine, name: string, text: string, signal: AbortSignal): Promise<void> {
    let r;
    try {
      r = await runBounded(BUFFER_TIMEOUT_MS, signal, (s) => engine.run(['load-buffer', '-b', name, '-'], { signal: s, input: text }));
    } catch (err) {
      if (!signal.aborted && err instanceof LibTmuxException && !isHostError(err))
        throw new ExpectedToolError(`load-buffer failed: ${err.message}`, { cause: err });
      throw err;
    }
    if (r.timedOut) throw new ExpectedToolError(`load-buffer timeout after ${BUFFER_TIMEOUT_MS / 1000}s for '${name}'`);
  }
}
