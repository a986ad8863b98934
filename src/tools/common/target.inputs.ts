import { Param } from '../../framework/decorators/param.decorator';
import { TrailingFields } from '../../framework/decorators/trailing-fields.decorator';
import type { TargetArgs } from '../../services/target-resolver.service';
import type { ServerTargetArgs } from '../../services/tmux-server-pool.service';
import { P } from './common-params';

/**
 * The parameter groups tool inputs share, as base classes that keep the reference's order
 * (docs/architecture.md#field-order): a tool's own parameters first, its target next, then
 * `socket_name`, then `host`.
 *
 * - `XTarget` (`@TrailingFields()`): `class DisplayMessageInput extends PaneTarget { format_string }`
 *   is format_string, pane_id, session_name, session_id, window_id, socket_name, host.
 * - `XTargetFirst` puts the group before the subclass's own parameters and the server after them:
 *   `class SnapshotPaneInput extends PaneTargetFirst { max_lines }` is pane_id, session_name,
 *   session_id, window_id, max_lines, socket_name, host.
 *
 * Where the reference puts own parameters inside a group (send_keys: keys, pane_id, …, window_id,
 * enter, …), the input extends `ServerTarget` and declares the group's fields itself, in place.
 */

/** socket_name, host before the subclass's own parameters; the tails below build on it. */
export class ServerTargetFirst implements ServerTargetArgs {
  @Param(P.socketName) socket_name!: string | null;
  @Param(P.host) host!: string | null;
}

/** The server a call targets (`pool.engineOf(input)` reads it): socket_name, host. */
@TrailingFields()
export class ServerTarget extends ServerTargetFirst {}

/** session_name, session_id, then the server. */
@TrailingFields()
export class SessionTarget extends ServerTarget implements TargetArgs {
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
}

/** The window group before the subclass's own parameters: window_id, window_index, session_name, session_id. */
export class WindowTargetFirst extends ServerTarget implements TargetArgs {
  @Param(P.windowId) window_id!: string | null;
  @Param(P.windowIndex) window_index!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
}

/** window_id, window_index, session_name, session_id, then the server. */
@TrailingFields()
export class WindowTarget extends WindowTargetFirst {}

/** The pane group before the subclass's own parameters: pane_id, session_name, session_id, window_id. */
export class PaneTargetFirst extends ServerTarget implements TargetArgs {
  @Param(P.paneId) pane_id!: string | null;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
}

/** pane_id, session_name, session_id, window_id, then the server. */
@TrailingFields()
export class PaneTarget extends PaneTargetFirst {}

/** paste_text and paste_buffer: the pane target with `bracket` after pane_id, then the server. */
@TrailingFields()
export class PasteTarget extends ServerTarget implements TargetArgs {
  @Param(P.paneId) pane_id!: string | null;
  @Param({ type: 'boolean', default: true, description: 'Bracketed paste (-p).' }) bracket!: boolean;
  @Param(P.sessionName) session_name!: string | null;
  @Param(P.sessionId) session_id!: string | null;
  @Param(P.windowId) window_id!: string | null;
}

/** The listings' tail: socket_name, host, filters (list_sessions, list_windows, list_panes). */
@TrailingFields()
export class ListingTarget extends ServerTargetFirst {
  @Param(P.filters) filters!: Record<string, string> | string | null;
}

/** What starts a process ends with: socket_name, host, suppress_persistent_history. */
@TrailingFields()
export class SpawnTarget extends ServerTargetFirst {
  @Param(P.suppressPersistentHistory) suppress_persistent_history!: boolean;
}

/** The same with `environment` after the server (create_window, split_window). */
@TrailingFields()
export class SpawnTargetWithEnvironment extends ServerTargetFirst {
  @Param(P.environment) environment!: Record<string, string> | string | null;
  @Param(P.suppressPersistentHistory) suppress_persistent_history!: boolean;
}
