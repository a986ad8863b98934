import { injectable } from 'tsyringe';
import { ExpectedToolError } from '../framework/errors/tool-errors';
import { safeRepr } from '../framework/validation/safe-repr';
import type { TmuxEngine } from '../tmux/tmux-engine';
import { MultipleObjectsReturned } from '../tmux/tmux-errors';
import { TargetResolver } from './target-resolver.service';

export const OPTION_SCOPES = ['server', 'session', 'window', 'pane'] as const;
export type OptionScope = (typeof OPTION_SCOPES)[number];

/** The scope arguments shared by show_option, set_option, show_hooks and show_hook (docs/reference/tools.md#options). */
export interface ScopeArgs {
  scope: string | null;
  target: string | null;
  global_: boolean;
}

/**
 * Turns scope/target/global_ into tmux flags (docs/reference/tools.md#options,
 * docs/reference/tools.md#hooks). The target is resolved in our code (session NAME exactly, window
 * id, pane id) and passed as an id (docs/reference/tools.md#explicit-targets); scope null or server
 * never gets `-t`; a session/window/pane scope without target uses the fallback object of the
 * resolution rules (the first session, its first window, its first pane).
 */
@injectable()
export class OptionScopeService {
  constructor(private readonly targets: TargetResolver) {}

  /**
   * `kind` picks the server-scope flag: options use `-s` (server options), hooks use `-g`
   * (hooks have no server table; the global session table is what tmux shows).
   */
  async flags(engine: TmuxEngine, a: ScopeArgs, kind: 'option' | 'hook'): Promise<string[]> {
    if (a.target != null && a.scope == null) throw new ExpectedToolError('scope is required when target is specified');
    // Only reachable outside MCP (the schema enum rejects it first), kept for direct callers.
    if (a.scope != null && !(OPTION_SCOPES as readonly string[]).includes(a.scope))
      throw new ExpectedToolError(`Invalid scope: ${safeRepr(a.scope)}. Valid: pane, server, session, window`);
    const out: string[] = a.global_ ? ['-g'] : [];
    if (a.scope == null) return out;
    if (a.scope === 'server') {
      if (kind === 'option') out.push('-s');
      else if (!a.global_) out.push('-g');
      return out;
    }
    if (a.scope === 'window') out.push('-w');
    if (a.scope === 'pane') out.push('-p');
    // With -g tmux ignores the target; skip the fallback lookup when the caller named none.
    if (a.global_ && a.target == null) return out;
    out.push('-t', await this.targetId(engine, a.scope as Exclude<OptionScope, 'server'>, a.target));
    return out;
  }

  private async targetId(engine: TmuxEngine, scope: Exclude<OptionScope, 'server'>, target: string | null): Promise<string> {
    switch (scope) {
      case 'session':
        return (await this.targets.session(engine, { session_name: target })).session_id;
      case 'pane':
        return target == null ? (await this.targets.pane(engine, {})).pane_id : (await this.targets.paneById(engine, target)).pane_id;
      case 'window':
        if (target == null) return (await this.targets.window(engine, {})).window_id;
        try {
          return (await this.targets.window(engine, { window_id: target })).window_id;
        } catch (err) {
          // A window linked into several sessions is still one window with one option table:
          // its id is an unambiguous tmux target here.
          // The resolver only says so after finding rows with exactly this id.
          if (err instanceof MultipleObjectsReturned) return target;
          throw err;
        }
    }
  }
}
