/** One line on stderr and the exit code (docs/reference/configuration.md#exit-codes: 2 for a bad flag, 1 for a start-up failure). */
export function fail(message: string, code: number): never {
  process.stderr.write(`tmux-mcp: ${message}\n`);
  process.exit(code);
}
