/**
 * argv of the two tmux commands behind send_keys (docs/reference/tools.md#send_keys): the keys,
 * then — only if `enter` — a SEPARATE `send-keys Enter`, so a literal payload can never swallow the
 * Enter key. `--` ends tmux's option parsing: keys such as `-l` or `-R` are sent, never taken as
 * flags. `suppress_history` prepends one space (also with -l) so shells with ignorespace skip
 * history.
 */
export function sendKeysArgv(paneId: string, keys: string, literal: boolean, suppressHistory: boolean): string[] {
  return ['send-keys', '-t', paneId, ...(literal ? ['-l'] : []), '--', suppressHistory ? ` ${keys}` : keys];
}

export function enterArgv(paneId: string): string[] {
  return ['send-keys', '-t', paneId, 'Enter'];
}
