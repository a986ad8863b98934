let checking = false;

/** `--check` is running: its own report says what to do, so failures do not point at it again. */
export function setCheckMode(): void {
  checking = true;
}

/**
 * One line on stderr and the exit code (docs/reference/configuration.md#exit-codes: 2 for a bad
 * flag, 1 for a start-up failure). A start-up failure ends by pointing at `--check`, which shows
 * every setting with where it came from (docs/reference/configuration.md#check).
 */
export function fail(message: string, code: number): never {
  const hint = code === 1 && !checking ? '; run `tmux-mcp --check` for details' : '';
  process.stderr.write(`tmux-mcp: ${message}${hint}\n`);
  process.exit(code);
}
