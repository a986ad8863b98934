import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { isHostError, LibTmuxException, TmuxTimeout } from '../tmux/tmux-errors';
import { BufferStore } from './buffer-store.service';
import { TypedPanes } from './typed-panes.service';

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
  constructor(
    private readonly buffers: BufferStore,
    private readonly typed: TypedPanes,
  ) {}

  async paste(engine: TmuxEngine, paneId: string, text: string, bracket: boolean, signal: AbortSignal): Promise<void> {
    const name = this.buffers.newName('paste');
    let pasted = false;
    try {
      this.buffers.track(engine, name);
      await this.load(engine, name, text, signal);
      // With the look the next wait_for_text counts from (docs/reference/tools.md#wait_for_text).
      await this.typed.type(engine, paneId, [['paste-buffer', '-t', paneId, '-b', name, '-d', ...(bracket ? ['-p'] : [])]], { signal });
      pasted = true;
    } finally {
      // paste-buffer -d already deleted it; otherwise make sure no buffer of ours is left.
      if (!pasted) await engine.run(['delete-buffer', '-b', name]).catch(() => undefined);
      this.buffers.untrack(engine, name);
    }
  }

  /** `load-buffer` within the command deadline, with the texts of docs/reference/tools.md#paste_text. */
  private async load(engine: TmuxEngine, name: string, text: string, signal: AbortSignal): Promise<void> {
    try {
      await engine.run(['load-buffer', '-b', name, '-'], { signal, input: text });
    } catch (err) {
      if (!signal.aborted && err instanceof LibTmuxException && !isHostError(err) && !(err instanceof TmuxTimeout))
        throw new ExpectedToolError(`load-buffer failed: ${err.message}`, { cause: err });
      throw err;
    }
  }
}
