import { InBandRun } from '../../../src/services/run-inband';
import { newRunIds } from '../../../src/services/run-command-wrapper';
import { decodeOutput } from '../../../src/tmux/pane-events';

/**
 * The server's own line count of a run (docs/reference/engine.md#in-band-run-end): the same
 * count as the borrowed pipe's awk (docs/reference/engine.md#run-line-count), from the pane's
 * output bytes in whatever chunks tmux sends them.
 */
describe('InBandRun', () => {
  const ids = newRunIds();
  const marker = `\x1bP${ids.id}\n\x1b\\`;
  /** What a run prints: the typed line's echo, the markers around the output, then a prompt. */
  const stream = (output: string) => `$ _tmcp(){ x;};eval "..."\r\n${marker}${output}${marker}$ `;

  /** Feeds `text` cut into chunks of `size` characters (every split point of a marker is met). */
  const count = (text: string, size: number) => {
    const run = new InBandRun(ids);
    for (let i = 0; i < text.length; i += size) run.feed(text.slice(i, i + size));
    return run;
  };

  const cases: [string, number][] = [
    ['', 0],
    ['a\r\nb\r\n', 2],
    ['a\r\nb\r\n\r\nc', 4],
    ['no newline', 1],
    ['progress 10%\rprogress 100%\r', 0],
    ['line\r\nprogress\r', 1],
    ['x\n'.repeat(1000), 1000],
  ];

  it.each(cases)('counts %j as %i line(s), in any chunking', (output, expected) => {
    for (const size of [1, 2, 3, 7, 13, 1_000_000]) {
      const run = count(stream(output), size);
      expect(run.done).toBe(true);
      expect(run.printed).toBe(expected);
    }
  });

  it('is not done before the end marker, and output before the first marker does not count', () => {
    const run = count(`a\r\nb\r\n${marker}one\r\n`, 4);
    expect(run.done).toBe(false);
    expect(run.printed).toBeUndefined();
    run.feed(`two\r\n${marker}`);
    expect(run.printed).toBe(2);
  });

  it('another run’s markers are not this run’s', () => {
    const other = `\x1bP${newRunIds().id}\n\x1b\\`;
    const run = count(`${other}x\r\n${other}${stream('y\r\n')}`, 5);
    expect(run.printed).toBe(1);
  });

  it('bytes missed (a paused pane, a re-attached client) leave no count, never a wrong one', () => {
    const run = new InBandRun(ids);
    run.feed(`${marker}a\r\n`);
    run.feed(null);
    run.feed(`b\r\n${marker}`);
    expect(run.done).toBe(true);
    expect(run.printed).toBeNull();
  });

  it('tells whoever waits on the end marker, and on every output after it', () => {
    const run = new InBandRun(ids);
    const seen: string[] = [];
    run.onEnd(() => seen.push('end'));
    run.feed(`${marker}a\r\n`);
    expect(seen).toEqual([]);
    run.feed(marker);
    expect(seen).toEqual(['end']);
    run.feed('$ ');
    expect(seen).toEqual(['end', 'end']);
  });

  it('settles at once when the marker went by, else after the given time at most', async () => {
    const run = new InBandRun(ids);
    const waited = run.settled(60_000);
    run.feed(stream('z'));
    await expect(waited).resolves.toBeUndefined();
    await expect(count(stream(''), 3).settled(60_000)).resolves.toBeUndefined();
    await expect(new InBandRun(ids).settled(1)).resolves.toBeUndefined();
  });

  it("decodes control mode's octal escapes (bytes below 32 and the backslash)", () => {
    expect(decodeOutput('a\\015\\012b\\134c\\033P')).toBe('a\r\nb\\c\x1bP');
    expect(decodeOutput('plain é')).toBe('plain é');
  });
});
