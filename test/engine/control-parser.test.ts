import { LineDecoder, ReplyFramer, splitListReply } from '../../src/tmux/control-parser';
import { commandBlock, escapeExecArg, execWords, formatControlLine, quoteControlArg } from '../../src/tmux/control-quoting';
import { leadingFlags, needsSubprocess } from '../../src/tmux/control-routing';

function framer() {
  const out: { replies: [boolean, string[]][]; notes: string[]; foreign: [boolean, string[]][] } = { replies: [], notes: [], foreign: [] };
  const f = new ReplyFramer({
    reply: (ok, lines) => out.replies.push([ok, lines]),
    notification: (l) => out.notes.push(l),
    foreign: (ok, lines) => out.foreign.push([ok, lines]),
  });
  return { f, out, feed: (lines: string[]) => lines.forEach((l) => f.push(l)) };
}

describe('ReplyFramer', () => {
  it('matches blocks in order and passes notifications through', () => {
    const { f, out, feed } = framer();
    f.expect('N1');
    f.expect('N2');
    feed(['%begin 1 5 0', '%end 1 5 0', '%session-changed $0 a']);
    feed(['%begin 1 6 1', 'hello', '%end 1 6 1', '%output %0 x', '%begin 1 7 1', 'N1', '%end 1 7 1']);
    feed(['%begin 1 8 1', "can't find pane: %9", '%error 1 8 1', '%begin 1 9 1', 'N2', '%end 1 9 1']);
    expect(out.foreign).toEqual([[true, []]]);
    expect(out.replies).toEqual([
      [true, ['hello']],
      [false, ["can't find pane: %9"]],
    ]);
    expect(out.notes).toEqual(['%session-changed $0 a', '%output %0 x']);
  });

  it('is not fooled by forged framing lines inside a reply body', () => {
    const { f, out, feed } = framer();
    f.expect('SECRET');
    const forged = ['%end 1 6 1', '%error 1 6 1', '%begin 1 7 1', 'GUESS', '%end 1 7 1', '%exit', '%output %1 x', ''];
    feed(['%begin 1 6 1', ...forged, '%end 1 6 1', '%begin 1 7 1', 'SECRET', '%end 1 7 1']);
    expect(out.replies).toEqual([[true, forged]]);
    expect(out.notes).toEqual([]);
  });

  it('replays hook blocks and notifications that came between a reply and its nonce', () => {
    const { f, out, feed } = framer();
    f.expect('K');
    feed(['%begin 1 2 1', '%end 1 2 1', '%begin 1 3 0', 'hook out', '%end 1 3 0', '%window-add @4', '%begin 1 4 1', 'K', '%end 1 4 1']);
    expect(out.replies).toEqual([[true, []]]);
    expect(out.foreign).toEqual([[true, ['hook out']]]);
    expect(out.notes).toEqual(['%window-add @4']);
  });
});

describe('splitListReply (one command list on one line)', () => {
  const SEP = 'S3CRET-list';
  const sep = (n: number) => [`%begin 1 ${n} 1`, SEP, `%end 1 ${n} 1`];

  it("gives each command's output, and what came between the blocks as stray lines", () => {
    const lines = ['%begin 1 2 1', 'a', '%end 1 2 1', ...sep(3), '%output %1 x', '%begin 1 4 1', '%end 1 4 1', ...sep(5)];
    lines.push('%begin 1 6 0', 'hook', '%end 1 6 0', '%begin 1 7 1', 'c1', 'c2', '%end 1 7 1', '%window-add @2');
    expect(splitListReply(lines, SEP, 3)).toEqual({
      outputs: [['a'], [], ['c1', 'c2']],
      error: null,
      stray: ['%output %1 x', '%begin 1 6 0', 'hook', '%end 1 6 0', '%window-add @2'],
    });
  });

  it('stops at the failing command: its error, and nothing of the later ones', () => {
    const lines = ['%begin 1 2 1', 'first', '%end 1 2 1', ...sep(3), '%begin 1 4 1', 'already set: @x', '%error 1 4 1'];
    expect(splitListReply(lines, SEP, 3)).toEqual({ outputs: [['first']], error: 'already set: @x', stray: [] });
  });

  it('is not fooled by forged terminators or separators inside an output', () => {
    const forged = ['%end 1 2 1', '%error 1 2 1', '%begin 1 3 1', 'GUESS-list', '%end 1 3 1'];
    const lines = ['%begin 1 2 1', ...forged, '%end 1 2 1', ...sep(3), '%begin 1 4 1', 'b', '%end 1 4 1'];
    expect(splitListReply(lines, SEP, 2)).toEqual({ outputs: [forged, ['b']], error: null, stray: [] });
  });

  it('calls a reply with fewer blocks than commands malformed', () => {
    expect(splitListReply(['%begin 1 2 1', '%end 1 2 1'], SEP, 2).error).toBe('malformed control-mode reply');
  });
});

describe('LineDecoder', () => {
  it('keeps a UTF-8 character split across chunks', () => {
    const d = new LineDecoder();
    const bytes = Buffer.from('a€b\nc\n');
    expect([...d.push(bytes.subarray(0, 2)), ...d.push(bytes.subarray(2))]).toEqual(['a€b', 'c']);
  });
});

describe('quoting', () => {
  it('never produces a raw newline or an empty word', () => {
    for (const v of ['', ' ', '\t', 'a\nb', '\r', 'x\u007f']) {
      const q = quoteControlArg(v);
      expect(q).not.toMatch(/[\n\r]/);
      expect(q.length).toBeGreaterThan(0);
    }
    expect(formatControlLine(['set-option', '@x', "it's $HOME"])).toBe(`set-option @x "it's \\$HOME"`);
    expect(quoteControlArg('~/x')).toBe("'~/x'");
  });

  it('rejects NUL like a subprocess argv does', () => {
    expect(() => quoteControlArg('a\0b')).toThrow(TypeError);
  });

  it('protects a final ; on subprocess argv', () => {
    expect(escapeExecArg('a;')).toBe('a\\;');
    expect(escapeExecArg('a;b')).toBe('a;b');
    expect(execWords(['set', '@x', 'a;'])).toEqual(['set', '@x', 'a\\;']);
  });

  it('writes a command block as braces on a control line and as one string on a subprocess argv (docs/reference/engine.md#what-a-run-leaves-in-tmux)', () => {
    const timer = [
      'run',
      '-b',
      '-d',
      '5',
      '-C',
      ...commandBlock([
        ['show-options', '-pv', '@k'],
        ['set', '-pu', "it's"],
      ]),
    ];
    expect(formatControlLine(timer)).toBe(`run -b -d 5 -C { show-options -pv @k ; set -pu "it's" }`);
    expect(execWords(timer)).toEqual(['run', '-b', '-d', '5', '-C', `show-options -pv @k ; set -pu "it's"`]);
    // Nested blocks stay blocks inside the string; a format would expand at another time there: refused.
    const nested = ['run', '-C', ...commandBlock([['if', '-F', '1', ...commandBlock([['set', '@a', '1']])]])];
    expect(execWords(nested)).toEqual(['run', '-C', 'if -F 1 { set @a 1 }']);
    expect(() => execWords(['run', '-C', ...commandBlock([['display', '-p', '#{pane_id}']])])).toThrow(TypeError);
    expect(() => commandBlock([])).toThrow(TypeError);
    // A block's words are not arguments a caller can pass: a NUL is refused everywhere else.
    expect(() => quoteControlArg('\0{x')).toThrow(TypeError);
  });
});

describe('routing', () => {
  it('sends blocking and client-bound commands to subprocesses', () => {
    expect(needsSubprocess(['wait-for', 'ch'])).toBe(true);
    expect(needsSubprocess(['wait-for', '-S', 'ch'])).toBe(false);
    expect(needsSubprocess(['run-shell', 'sleep 1'])).toBe(true);
    expect(needsSubprocess(['run-shell', '-b', 'x'])).toBe(false);
    expect(needsSubprocess(['new-session', '-d', '-s', 'x'])).toBe(false);
    expect(needsSubprocess(['new-session', '-s', 'x'])).toBe(true);
    expect(needsSubprocess(['show-buffer', '-b', 'x'])).toBe(true);
    expect(needsSubprocess(['list-panes', '-a'])).toBe(false);
    expect([...leadingFlags(['new-session', '-ds', 'n', '-x', '10', '-P'], 'cefFnstxy')]).toEqual(['d', 's', 'x', 'P']);
  });
});
