import { safeText } from '../../framework/validation/safe-repr';
import type { Row } from '../../services/tmux-formats';
import { nameMatches } from '../../services/target-resolver.service';
import { BadSessionName, TmuxSessionExists } from '../../tmux/tmux-errors';

/**
 * libtmux's `session_check_name` (docs/reference/tools.md#session-names): tmux 3.3a silently turns
 * `.` and `:` into `_` (they are target separators), so such names are refused before tmux sees
 * them.
 */
export function checkSessionName(name: string): void {
  if (name.length === 0) throw new BadSessionName('Bad session name: empty');
  if (name.includes('.')) throw new BadSessionName(`Bad session name: contains periods (session name: ${safeText(name)})`);
  if (name.includes(':')) throw new BadSessionName(`Bad session name: contains colons (session name: ${safeText(name)})`);
}

/** `Session named X exists` when another session already has this name as given or as tmux would store it. */
export function checkSessionNameFree(sessions: readonly Row[], name: string, exceptId?: string): void {
  if (sessions.some((s) => s.session_id !== exceptId && nameMatches(s.session_name, name)))
    throw new TmuxSessionExists(`Session named ${safeText(name)} exists`);
}

/** tmux's own duplicate answer (a race with another client) maps to the same typed error. */
export function rethrowDuplicate(err: unknown, name: string): never {
  if (err instanceof Error && /^duplicate session/.test(err.message)) throw new TmuxSessionExists(`Session named ${safeText(name)} exists`);
  throw err;
}
