/**
 * Commands the control-mode engine hands to a subprocess, because on a control connection
 * they would block every later command, answer differently, or act on the engine's own client.
 */

/** getopt letters taking a value, per command (tmux 3.3a usage strings), for flag scanning. */
const VALUE_FLAGS: Record<string, string> = {
  'new-session': 'cefFnstxy',
  'run-shell': 'cdt',
  'if-shell': 't',
  'wait-for': '',
};

const ALIASES: Record<string, string> = {
  new: 'new-session',
  run: 'run-shell',
  if: 'if-shell',
  wait: 'wait-for',
  showb: 'show-buffer',
  attach: 'attach-session',
  detach: 'detach-client',
  switchc: 'switch-client',
  refresh: 'refresh-client',
  suspendc: 'suspend-client',
  lockc: 'lock-client',
  source: 'source-file',
  loadb: 'load-buffer',
  saveb: 'save-buffer',
};

/** Flags given before the first positional argument (a tiny getopt). */
export function leadingFlags(args: readonly string[], valueFlags: string): Set<string> {
  const flags = new Set<string>();
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    if (a === '--' || !a.startsWith('-') || a === '-') break;
    for (let j = 1; j < a.length; j++) {
      flags.add(a[j]);
      if (valueFlags.includes(a[j])) {
        if (j === a.length - 1) i++; // the value is the next word
        break;
      }
    }
  }
  return flags;
}

/**
 * True when `args` must run as a subprocess even while a control client is attached. `briefJob`:
 * the caller vouches that a blocking `if-shell`/`run-shell` ends within milliseconds
 * (RunOptions.briefJob), so it may hold the connection that long.
 */
export function needsSubprocess(args: readonly string[], briefJob = false): boolean {
  const name = ALIASES[args[0]] ?? args[0];
  switch (name) {
    case 'show-buffer': // control mode escapes the content (\t, \033, \\): exec prints it raw
    case 'load-buffer': // files and `-` go through the client: `-` would read our command stream
    case 'save-buffer':
    case 'kill-server': // its reply would race the connection's death
    case 'source-file': // the file's commands would run as our client and answer in extra blocks
    case 'attach-session': // client commands: a subprocess has no current client; the
    case 'detach-client': //  engine's own client must never be the one they act on
    case 'switch-client':
    case 'refresh-client':
    case 'suspend-client':
    case 'lock-client':
      return true;
    case 'wait-for': {
      // Blocking waits and locks hold the connection
      // (docs/reference/engine.md#subprocess-commands); -S / -U return at once.
      const f = leadingFlags(args, VALUE_FLAGS['wait-for']);
      return !f.has('S') && !f.has('U');
    }
    case 'run-shell':
    case 'if-shell':
      // Without -b the shell command holds every later command on the connection.
      return !briefJob && !leadingFlags(args, VALUE_FLAGS[name]).has('b');
    case 'new-session':
      // Without -d a control client would switch itself to the new session.
      return !leadingFlags(args, VALUE_FLAGS[name]).has('d');
    default:
      return false;
  }
}
