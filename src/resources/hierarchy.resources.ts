import { injectable } from 'tsyringe';
import { type CompletionContext, ResourceNotFoundError, type ResourceTemplateProvider } from '../framework/protocol/resources.handlers';
import { retryableError } from '../framework/errors/tool-errors';
import { safeText } from '../framework/validation/safe-repr';
import { PaneContentWatchService } from '../services/pane-content-watch.service';
import { TmuxCompletionService } from '../services/tmux-completion.service';
import { HostConnectionLost } from '../tmux/tmux-errors';
import { TmuxResourceReader } from './tmux-resource-reader.service';

/** The pause before a subscription's second attempt, as the readonly retry's (docs/reference/errors.md#retry). */
const RETRY_DELAY_MS = 100;

/**
 * The host's connection was found lost as the watch started. Tool calls are not repeated on it
 * (what the interrupted call did is unknown); starting a watch is a read, and the next attempt
 * connects again.
 */
const lostConnection = (err: unknown): boolean =>
  [err, (err as { cause?: unknown } | null)?.cause].some((c) => c instanceof HostConnectionLost);

type Vars = Readonly<Record<string, string>>;
const JSON_MIME = 'application/json';
/** Bodies are JSON with indent 2 (docs/reference/resources-and-prompts.md#resource-bodies). */
const json = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * Decorated so its constructor's parameter types are emitted: subclasses declare no constructor and
 * tsyringe finds the types up the prototype chain.
 */
const injectableBase = injectable() as unknown as ClassDecorator;

/** Shared wiring: every template reads through the reader and completes from live tmux state. */
@injectableBase
abstract class TmuxTemplate implements ResourceTemplateProvider {
  abstract readonly name: string;
  abstract readonly uriTemplate: string;
  abstract readonly title: string;
  abstract readonly description: string;
  readonly mimeType: string = JSON_MIME;

  constructor(
    protected readonly reader: TmuxResourceReader,
    private readonly completions: TmuxCompletionService,
  ) {}

  /** The body of one read. */
  protected abstract body(vars: Vars): Promise<string>;

  async read(vars: Vars): Promise<string> {
    try {
      return await this.body(vars);
    } catch (err) {
      throw TmuxResourceReader.hostText(err);
    }
  }

  complete(variable: string, _value: string, context: CompletionContext): Promise<string[]> {
    return this.completions.complete(variable, context);
  }
}

@injectable()
export class SessionsResource extends TmuxTemplate {
  readonly name = 'get_sessions';
  readonly uriTemplate = 'tmux://sessions{?socket_name,host}';
  readonly title = 'All Sessions';
  readonly description = 'All tmux sessions of the server, as a JSON array of SessionInfo.';
  protected async body(v: Vars) {
    return json(await this.reader.sessions(v.socket_name, v.host));
  }
}

@injectable()
export class SessionResource extends TmuxTemplate {
  readonly name = 'get_session';
  readonly uriTemplate = 'tmux://sessions/{session_name}{?socket_name,host}';
  readonly title = 'Session Detail';
  readonly description = 'One tmux session by name: its SessionInfo plus `windows` (WindowInfo list).';
  protected async body(v: Vars) {
    return json(await this.reader.session(v.session_name, v.socket_name, v.host));
  }
}

@injectable()
export class SessionWindowsResource extends TmuxTemplate {
  readonly name = 'get_session_windows';
  readonly uriTemplate = 'tmux://sessions/{session_name}/windows{?socket_name,host}';
  readonly title = 'Session Windows';
  readonly description = 'The windows of one tmux session (by name), as a JSON array of WindowInfo.';
  protected async body(v: Vars) {
    return json(await this.reader.sessionWindows(v.session_name, v.socket_name, v.host));
  }
}

@injectable()
export class WindowResource extends TmuxTemplate {
  readonly name = 'get_window';
  readonly uriTemplate = 'tmux://sessions/{session_name}/windows/{window_index}{?socket_name,host}';
  readonly title = 'Window Detail';
  readonly description = 'One tmux window by session name and window index: its WindowInfo plus `panes` (PaneInfo list).';
  protected async body(v: Vars) {
    return json(await this.reader.window(v.session_name, v.window_index, v.socket_name, v.host));
  }
}

@injectable()
export class PaneResource extends TmuxTemplate {
  readonly name = 'get_pane';
  readonly uriTemplate = 'tmux://panes/{pane_id}{?socket_name,host}';
  readonly title = 'Pane Detail';
  readonly description = "One tmux pane by id, as PaneInfo. Percent-encode the id's '%' as %25 (tmux://panes/%251).";
  protected async body(v: Vars) {
    return json(await this.reader.pane(v.pane_id, v.socket_name, v.host));
  }
}

@injectable()
export class PaneContentResource extends TmuxTemplate {
  readonly name = 'get_pane_content';
  readonly uriTemplate = 'tmux://panes/{pane_id}/content{?socket_name,host}';
  readonly title = 'Pane Content';
  readonly description =
    "The visible terminal text of a tmux pane (plain text, lines joined by newlines). Percent-encode the id's '%' as %25.";
  override readonly mimeType = 'text/plain';

  constructor(
    reader: TmuxResourceReader,
    completions: TmuxCompletionService,
    private readonly watcher: PaneContentWatchService,
  ) {
    super(reader, completions);
  }

  protected async body(v: Vars) {
    return this.reader.paneContent(v.pane_id, v.socket_name, v.host);
  }

  /**
   * Subscriptions: updated when the visible text changes, paced per pane
   * (docs/reference/resources-and-prompts.md#pane-content-updates). The pane is resolved like a
   * read: a missing pane or an unknown host refuses the subscription. A transient failure, or a host
   * connection found lost as the watch starts (the next attempt connects again), is tried once
   * more (docs/reference/errors.md#retry).
   */
  async watch(v: Vars, _uri: string, changed: () => void): Promise<() => void> {
    try {
      return await this.watchOnce(v, changed);
    } catch (err) {
      if (!retryableError(err) && !lostConnection(err)) throw err;
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
      return this.watchOnce(v, changed);
    }
  }

  private async watchOnce(v: Vars, changed: () => void): Promise<() => void> {
    try {
      const { engine, paneId } = await this.reader.paneTarget(v.pane_id, v.socket_name, v.host);
      try {
        return await this.watcher.watch(engine, paneId, changed);
      } catch (err) {
        // Killed between the lookup and the first capture.
        if (err instanceof Error && /can't find pane|no server running/.test(err.message))
          throw new ResourceNotFoundError(`Pane not found: ${safeText(v.pane_id)}`);
        throw err;
      }
    } catch (err) {
      throw TmuxResourceReader.hostText(err);
    }
  }
}
