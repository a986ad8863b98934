import { injectable } from 'tsyringe';
import type { CompletionContext } from '../framework/protocol/resources.handlers';
import { LOCAL_HOST_NAME } from '../config/settings.table';
import { HierarchyService } from './hierarchy.service';
import { HostRegistry } from './host-registry.service';
import { nameMatches } from './target-resolver.service';
import { TmuxServerPool } from './tmux-server-pool.service';

/**
 * Completion candidates from live tmux state (docs/reference/resources-and-prompts.md#completions),
 * shared by resource templates and prompts. `context` carries the other variables already chosen:
 * `host` and `socket_name` pick the server, `session_name` narrows window indexes and pane ids.
 */
@injectable()
export class TmuxCompletionService {
  constructor(
    private readonly pool: TmuxServerPool,
    private readonly hierarchy: HierarchyService,
    private readonly hosts: HostRegistry,
  ) {}

  async complete(variable: string, context: CompletionContext): Promise<string[]> {
    switch (variable) {
      case 'session_name':
        return this.sessionNames(context);
      case 'window_index':
        return this.windowIndexes(context);
      case 'pane_id':
        return this.paneIds(context);
      case 'host':
        return Promise.resolve([LOCAL_HOST_NAME, ...this.hosts.configured]);
      default:
        return [];
    }
  }

  private engine(context: CompletionContext) {
    return this.pool.engine(context.socket_name || null, context.host || null);
  }

  private async sessionId(context: CompletionContext): Promise<string | undefined> {
    if (!context.session_name) return undefined;
    const rows = await this.hierarchy.sessions(this.engine(context));
    return rows.find((s) => nameMatches(s.session_name, context.session_name))?.session_id ?? '';
  }

  private async sessionNames(context: CompletionContext): Promise<string[]> {
    return (await this.hierarchy.sessions(this.engine(context))).map((s) => s.session_name);
  }

  /** The session's window indexes, or every index in use when no session is chosen yet. */
  private async windowIndexes(context: CompletionContext): Promise<string[]> {
    const sid = await this.sessionId(context);
    if (sid === '') return [];
    const rows = await this.hierarchy.windows(this.engine(context), sid);
    const idx = [...new Set(rows.map((w) => Number(w.window_index)))].sort((a, b) => a - b);
    return idx.map(String);
  }

  private async paneIds(context: CompletionContext): Promise<string[]> {
    const sid = await this.sessionId(context);
    if (sid === '') return [];
    const rows = await this.hierarchy.panes(this.engine(context), sid ? { sessionId: sid } : { all: true });
    const ids = [...new Set(rows.map((p) => p.pane_id))];
    return ids.sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  }
}
