import 'reflect-metadata';
import type { Logger } from 'winston';
import { rowsFrom, snapshotCommands } from '../../../src/services/screen-snapshot';
import { TYPED_MAX, TYPED_TTL_MS, TypedPanes } from '../../../src/services/typed-panes.service';
import { serverKeyId, type TmuxEngine, type TmuxServerKey } from '../../../src/tmux/tmux-engine';

const KEY: TmuxServerKey = { host: null, socketName: 'typed-unit', socketPath: null, tmuxBin: 'tmux' };

/** An engine whose command lists answer the look at `%N` with a fixed screen (cursor on row 1 of history 5). */
function fakeEngine(key: TmuxServerKey = KEY) {
  const lists: { commands: string[][]; atomic: boolean }[] = [];
  const engine = {
    key,
    run: async () => [],
    runList: async (commands: readonly (readonly string[])[], opts?: { atomic?: boolean }) => {
      lists.push({ commands: commands.map((c) => [...c]), atomic: opts?.atomic === true });
      return commands.map((c) => {
        if (c[0] === 'display-message') return [`${c[3]}|5|1|4|4242|0|0`];
        if (c[0] === 'capture-pane') return ['old output', '$ ', '', ''];
        return [`ran ${c[0]}`];
      });
    },
  } as unknown as TmuxEngine;
  return { engine, lists };
}

/** A service on a clock the test moves by hand (no real time passes). */
function service() {
  const svc = new TypedPanes();
  let now = 1_000_000;
  svc.clock = () => now;
  return { svc, advance: (ms: number) => (now += ms) };
}

describe('TypedPanes', () => {
  it('runs the look and the typing as one atomic command list and records the look', async () => {
    const { svc } = service();
    const { engine, lists } = fakeEngine();
    const keys = ['send-keys', '-t', '%3', '--', 'echo hi'];
    const enter = ['send-keys', '-t', '%3', 'Enter'];
    expect(await svc.type(engine, '%3', [keys, enter])).toEqual([['ran send-keys'], ['ran send-keys']]);
    expect(lists).toEqual([{ commands: [...snapshotCommands('%3'), keys, enter], atomic: true }]);
    expect(svc.consume(engine, '%3')).toMatchObject({
      anchor: 6,
      history_size: 5,
      pane_height: 4,
      pane_pid: '4242',
      rows: ['$ '],
      visible: ['old output', '$ '],
    });
  });

  it('gives the record to the first wait only', async () => {
    const { svc } = service();
    const { engine } = fakeEngine();
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    expect(svc.consume(engine, '%3')).not.toBeNull();
    expect(svc.consume(engine, '%3')).toBeNull();
    // Another pane, another tmux server: records of their own.
    expect(svc.consume(engine, '%4')).toBeNull();
    const other = fakeEngine({ ...KEY, host: 'build-box' }).engine;
    expect(svc.consume(other, '%3')).toBeNull();
  });

  it('a typing older than 60 s is not used (fake clock)', async () => {
    const { svc, advance } = service();
    const { engine } = fakeEngine();
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    advance(TYPED_TTL_MS - 1);
    expect(svc.consume(engine, '%3')).not.toBeNull();
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    advance(TYPED_TTL_MS);
    expect(svc.consume(engine, '%3')).toBeNull();
  });

  it('a newer typing replaces the record, used or not', async () => {
    const { svc, advance } = service();
    const { engine } = fakeEngine();
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    advance(10);
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'y']]);
    const r = svc.consume(engine, '%3');
    expect(r?.at).toBe(1_000_010);
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'z']]);
    expect(svc.consume(engine, '%3')).not.toBeNull();
    // forget: the next wait counts from its own entry.
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'w']]);
    svc.forget(engine, '%3');
    expect(svc.consume(engine, '%3')).toBeNull();
  });

  it('a typing while a wait watches the pane is that wait’s: no later wait gets it', async () => {
    const { svc } = service();
    const { engine } = fakeEngine();
    const unwatch = svc.watch(engine, '%3');
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    unwatch();
    expect(svc.consume(engine, '%3')).toBeNull();
    // …also when the wait began and ended while the typing was under way.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = {
      ...engine,
      runList: async (c: readonly (readonly string[])[], o?: object) => gate.then(() => engine.runList!(c, o)),
    } as TmuxEngine;
    const typing = svc.type(slow, '%3', [['send-keys', '-t', '%3', 'y']]);
    svc.watch(engine, '%3')();
    release();
    await typing;
    expect(svc.consume(engine, '%3')).toBeNull();
    // Once no wait watches, the next typing is the next wait's again.
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'z']]);
    expect(svc.consume(engine, '%3')).not.toBeNull();
  });

  it('keeps at most a bounded number of records, dropping the oldest', async () => {
    const { svc, advance } = service();
    const { engine } = fakeEngine();
    for (let i = 0; i < TYPED_MAX + 10; i++) {
      await svc.type(engine, `%${i}`, [['send-keys', '-t', `%${i}`, 'x']]);
      advance(1);
    }
    expect(svc.consume(engine, '%0')).toBeNull();
    expect(svc.consume(engine, '%9')).toBeNull();
    expect(svc.consume(engine, `%${TYPED_MAX + 9}`)).not.toBeNull();
    expect(svc.consume(engine, '%10')).not.toBeNull();
  });

  it('a failed typing records nothing and tells no listener', async () => {
    const { svc } = service();
    const heard: string[] = [];
    svc.onTyped((_, pane) => heard.push(pane));
    const failing = {
      key: KEY,
      runList: async () => {
        throw new Error("can't find pane: %3");
      },
    } as unknown as TmuxEngine;
    await expect(svc.type(failing, '%3', [['send-keys', '-t', '%3', 'x']])).rejects.toThrow("can't find pane: %3");
    expect(svc.consume(failing, '%3')).toBeNull();
    expect(heard).toEqual([]);
  });

  it('tells listeners after each typing; a failing listener never fails the typing', async () => {
    const logs: string[] = [];
    const logger = { warn: (m: string) => logs.push(m) } as unknown as Logger;
    const svc = new TypedPanes(() => logger);
    const { engine } = fakeEngine();
    const heard: [string, string][] = [];
    svc.onTyped(() => {
      throw new Error('listener bug');
    });
    svc.onTyped(async () => {
      throw new Error('async listener bug');
    });
    const off = svc.onTyped((server, pane) => heard.push([server, pane]));
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'x']]);
    off();
    await svc.type(engine, '%3', [['send-keys', '-t', '%3', 'y']]);
    expect(heard).toEqual([[serverKeyId(KEY), '%3']]);
    expect(svc.consume(engine, '%3')).not.toBeNull();
    // Both failures were logged, the async one once its promise settled.
    await new Promise((r) => setImmediate(r));
    expect(logs.filter((l) => /listener bug/.test(l))).toHaveLength(4);
  });

  it('an engine without command lists of its own gets the commands alone and no record', async () => {
    const { svc } = service();
    const calls: string[][] = [];
    const heard: string[] = [];
    svc.onTyped((_, pane) => heard.push(pane));
    const bare = {
      key: KEY,
      run: async (args: readonly string[]) => {
        calls.push([...args]);
        return [];
      },
    } as unknown as TmuxEngine;
    await svc.type(bare, '%3', [['send-keys', '-t', '%3', 'x']]);
    expect(calls).toEqual([['send-keys', '-t', '%3', 'x']]);
    expect(svc.consume(bare, '%3')).toBeNull();
    expect(heard).toEqual(['%3']);
  });
});

describe('rowsFrom: the rows from a screen row down, as capture-pane -J -S row gives them', () => {
  // Width 20: the second line wraps over three screen rows.
  const physical = ['ab   ', '00000000000000000000', '00000000000000000000', '0000000007', 'x', '# ', '', ''];
  const joined = ['ab   ', '00000000000000000000000000000000000000000000000007', 'x', '# ', '', ''];

  it('cuts the joined line that holds the row where the row begins', () => {
    expect(rowsFrom(joined, physical, 0)).toEqual(joined);
    expect(rowsFrom(joined, physical, 1)).toEqual(joined.slice(1));
    expect(rowsFrom(joined, physical, 2)).toEqual(['000000000000000000000000000007', 'x', '# ', '', '']);
    expect(rowsFrom(joined, physical, 3)).toEqual(['0000000007', 'x', '# ', '', '']);
    expect(rowsFrom(joined, physical, 5)).toEqual(['# ', '', '']);
    expect(rowsFrom(joined, physical, 7)).toEqual(['']);
  });

  it('is null when the captures do not line up', () => {
    expect(rowsFrom(['something else', ...joined.slice(1)], physical, 5)).toBeNull();
    expect(rowsFrom(joined, physical, 8)).toBeNull();
  });
});
