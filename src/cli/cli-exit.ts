/** One line on stderr and the exit code (SPEC C16: 2 for a bad flag, 1 for a start-up failure). */
export function fail(message: string, code: number): never {
  process.stderr.write(`tmux-mcp: ${message}\n`);
  process.exit(code);
}
