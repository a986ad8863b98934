import { injectable } from 'tsyringe';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { classifyPane } from './input-probe.classifier';
import { type InputState, type PaneFacts, type ProbeTarget, UNKNOWN_INPUT } from './input-probe.facts';
import { gatherLocal } from './input-probe.local';
import { gatherByScript, paneFilter } from './input-probe.script';

export { type InputState, type ProbeTarget, UNKNOWN_INPUT } from './input-probe.facts';

/** Options of one look: the caller's abort signal, and the bound of a remote look (default 3 s). */
export interface ProbeOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 3000;
const PANE_ID = /^%\d+$/;

/**
 * Whether panes wait for input, read from the kernel on the panes' host, never from the screen
 * (docs/reference/engine.md#waiting-for-input): for a tmux server on this machine from this
 * machine's /proc; for a remote host by a short job of that host's tmux server, in one round trip.
 * Where the host cannot tell, the answer is UNKNOWN_INPUT (all null). One per server (it keeps
 * each host's machine type).
 */
@injectable()
export class InputProbe {
  /** `uname -m` per remote host, once asked (null: the host did not say). */
  private readonly arches = new Map<string, string | null>();

  /** One look at several panes of one tmux server (one round trip for a remote host). */
  async probe(engine: TmuxEngine, targets: readonly ProbeTarget[], opts: ProbeOptions = {}): Promise<Map<string, InputState>> {
    const out = new Map<string, InputState>();
    if (targets.length === 0) return out;
    let facts: (PaneFacts | null)[];
    const host = engine.key.host;
    if (host === null) facts = await Promise.all(targets.map(gatherLocal));
    else {
      try {
        const look = await gatherByScript(engine, targets, this.arches.get(host), {
          signal: opts.signal,
          timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        });
        if (look.arch !== undefined) this.arches.set(host, look.arch);
        facts = targets.map((t) => look.facts.get(t.paneId) ?? null);
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        facts = targets.map(() => null);
      }
    }
    for (let i = 0; i < targets.length; i++) {
      const f = facts[i];
      out.set(targets[i].paneId, f ? classifyPane(f) : UNKNOWN_INPUT);
    }
    return out;
  }

  /** Same, reading pane_pid and pane_tty of the panes first (one tmux call); a pane that does not exist maps to UNKNOWN_INPUT. */
  async probePanes(engine: TmuxEngine, paneIds: readonly string[], opts: ProbeOptions = {}): Promise<Map<string, InputState>> {
    const out = new Map<string, InputState>();
    for (const id of paneIds) out.set(id, UNKNOWN_INPUT);
    const ids = paneIds.filter((id) => PANE_ID.test(id));
    if (ids.length === 0) return out;
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const t0 = performance.now();
    let lines: string[];
    try {
      // A filter, not `-t`: a pane that is gone is left out instead of failing the call.
      lines = await engine.run(['list-panes', '-a', '-f', paneFilter(ids), '-F', '#{pane_id} #{pane_pid} #{pane_tty}'], {
        signal: opts.signal,
        timeoutMs,
      });
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      return out;
    }
    const targets: ProbeTarget[] = [];
    for (const line of lines) {
      const [paneId, pid, tty] = line.split(' ');
      if (paneId && out.has(paneId) && /^\d+$/.test(pid ?? '') && tty) targets.push({ paneId, panePid: Number(pid), paneTty: tty });
    }
    const left = Math.max(1, timeoutMs - (performance.now() - t0));
    for (const [id, state] of await this.probe(engine, targets, { signal: opts.signal, timeoutMs: left })) out.set(id, state);
    return out;
  }
}
