/**
 * Argument encoding for the two ways of handing tmux a command
 * (docs/reference/engine.md#quoting-parity): both must deliver every argument to tmux's argument
 * parser byte-identical to the string the caller gave.
 */

/** Words tmux's control-mode lexer reads literally when unquoted (no `~ $ # ; { } ' " \`). */
const BARE = /^[A-Za-z0-9_@%:.,/+^-]+$/;
/**
 * A bare word tmux's lexer reads as a token although it starts with `%`: only `%` and digits
 * (a pane id such as `%12`). Any other bare word starting with `%` is a directive to tmux's
 * parser (`%if`, `%elif`, `%else`, `%endif`, `%hidden`) or a syntax error
 * (docs/reference/engine.md#quoting-parity).
 */
const PERCENT_TOKEN = /^%[%0-9]*$/;
/** Characters that force the double-quoted form: C0 controls and DEL cannot travel raw. */
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * The words of a command block (`{ a ; b }`), which a control-mode line hands tmux as commands
 * parsed with the line itself, not as a string: tmux 3.3a keeps for good every command list that
 * `run-shell -C` parses from a string when it runs, and none of a block's
 * (docs/reference/engine.md#what-a-run-leaves-in-tmux). Each starts with NUL, which no argument
 * can hold (quoteControlArg refuses it, and so does a subprocess's argv): only this function makes
 * them, and only text tmux parses can carry them (a control-mode line, a sourced file, a
 * command string), never a subprocess's argv.
 */
export function commandBlock(commands: readonly (readonly string[])[]): string[] {
  if (commands.length === 0) throw new TypeError('an empty command block');
  const words = [BLOCK_OPEN];
  commands.forEach((c, i) => {
    if (c.length === 0) throw new TypeError('empty tmux command');
    if (i > 0) words.push(BLOCK_SEPARATOR);
    words.push(...c);
  });
  words.push(BLOCK_CLOSE);
  return words;
}

const BLOCK_OPEN = '\0{';
const BLOCK_SEPARATOR = '\0;';
const BLOCK_CLOSE = '\0}';
const BLOCK_WORDS = new Map([
  [BLOCK_OPEN, '{'],
  [BLOCK_SEPARATOR, ';'],
  [BLOCK_CLOSE, '}'],
]);

/**
 * Quotes one argument for a control-mode command line (tmux's own cmd-parse lexer reads it):
 * - safe words stay bare (readable logs), except a word starting with `%` that is not a pane id;
 * - otherwise single quotes, inside which tmux expands nothing (`$`, `~`, `\`, `#` literal);
 * - a value with `'` or control characters uses double quotes, escaping `\ " $` and a `~`
 *   (tmux expands `~` at the start of a quoted run) and writing controls as octal `\ooo`,
 *   so no raw newline (which would end the command) ever reaches the line.
 * The empty or blank string is quoted too: an empty stdin line would detach the client.
 * The words of a {@link commandBlock} are the block's own braces and separators.
 */
export function quoteControlArg(value: string): string {
  if (value.includes('\0')) {
    // A block's own words are the only ones that hold a NUL (looked up only here, off the common path).
    const word = BLOCK_WORDS.get(value);
    if (word !== undefined) return word;
    // Same failure the subprocess engine gets from Node's argv check (a C string cannot hold NUL).
    throw new TypeError('The argument contains a null byte (NUL), which tmux cannot receive');
  }
  if (BARE.test(value) && (value[0] !== '%' || PERCENT_TOKEN.test(value))) return value;
  if (!value.includes("'") && !CONTROL.test(value)) return `'${value}'`;
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\' || ch === '"' || ch === '$' || ch === '~') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** One control-mode command line (no trailing newline). */
export function formatControlLine(args: readonly string[]): string {
  if (args.length === 0) throw new TypeError('empty tmux command');
  return args.map(quoteControlArg).join(' ');
}

/**
 * A command's words for a subprocess argv: each {@link commandBlock} becomes one string argument
 * holding its commands (what tmux parses when the command runs: a subprocess's argv cannot carry a
 * block), then every word is protected by {@link escapeExecArg}. Only a block without formats
 * (`#`) is turned into a string: `run-shell -C` expands a string's formats when it is set, a
 * block's commands expand theirs when they run, so the two would differ.
 */
export function execWords(args: readonly string[]): string[] {
  if (!args.some((w) => BLOCK_WORDS.has(w))) return args.map(escapeExecArg);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== BLOCK_OPEN) {
      if (BLOCK_WORDS.has(args[i])) throw new TypeError('an unbalanced command block');
      out.push(escapeExecArg(args[i]));
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < args.length; j++) {
      if (args[j] === BLOCK_OPEN) depth++;
      else if (args[j] === BLOCK_CLOSE && --depth === 0) break;
    }
    if (depth !== 0) throw new TypeError('an unbalanced command block');
    const text = args
      .slice(i + 1, j)
      .map(quoteControlArg)
      .join(' ');
    if (text.includes('#')) throw new TypeError('a command block with a format cannot travel on a subprocess argv');
    out.push(escapeExecArg(text));
    i = j;
  }
  return out;
}

/**
 * Protects an argument on a subprocess argv. tmux (3.3a `cmd_parse_from_arguments`) treats an
 * argv word ending in `;` as a command separator and drops the `;` (and turns a final `\;`
 * into `;`), so `set @x 'a;'` stores `a`. Writing the final `;` as `\;` makes tmux keep the
 * word exactly as given; nothing else in an argv word is special to tmux.
 */
export function escapeExecArg(value: string): string {
  return value.endsWith(';') ? `${value.slice(0, -1)}\\;` : value;
}
