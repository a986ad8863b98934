import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../helpers/hardening-proc';
import { HardenedTmux } from '../helpers/hardening-tmux';
import { McpHarness } from '../helpers/mcp-harness';

/**
 * Injection: every string argument that names something (sessions, windows, panes, paths,
 * patterns, channels, buffers, options, formats, filters, prompt arguments …) is given shell and
 * tmux-format syntax that would create a marker file if anything ran it. No marker may ever
 * appear. Arguments that are commands by design (keys, text, command, content, shell) and
 * socket_name (a socket path) are not given payloads. Driven from tools/list, so it covers
 * whatever tools exist.
 */
const PAYLOADS = (m: string) => [
  `#(touch ${m})`,
  `$(touch ${m})`,
  `;touch ${m}`,
  `\`touch ${m}\``,
  `'";touch ${m};"'`,
  `#{E:#(touch ${m})}`,
];
const COMMANDS_BY_DESIGN = new Set(['keys', 'text', 'command', 'content', 'shell', 'socket_name']);

type Json = Record<string, unknown>;
interface Prop {
  anyOf?: Prop[];
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  items?: Prop;
}

// A type array is a union whose keywords each constrain one type (docs/reference/protocol.md#schemas):
// `pattern` binds the string kind, `items` the array kind.
const has = (p: Prop, t: string): boolean => (Array.isArray(p.type) ? p.type.includes(t) : p.type === t);
const takesString = (p: Prop): boolean => (has(p, 'string') && !p.enum && !p.pattern) || (p.anyOf ?? []).some(takesString);
const takesStringList = (p: Prop): boolean =>
  (has(p, 'array') && p.items !== undefined && has(p.items, 'string')) || (p.anyOf ?? []).some(takesStringList);
const takesMap = (p: Prop): boolean => has(p, 'object') || (p.anyOf ?? []).some(takesMap);

describe('names, paths, patterns, channels and buffer names never run anything', () => {
  const tmux = new HardenedTmux();
  const markers = join(tmux.dir, 'markers');
  let h: McpHarness;
  let n = 0;

  beforeAll(async () => {
    tmux.start('main');
    mkdirSync(markers);
    // tmuxTmpdir: list_servers scans only our scratch dir, not every socket on the machine.
    h = await McpHarness.start({
      socket: tmux.socket,
      config: { safety: 'destructive', promptsAsTools: true, waitMaxSeconds: 1, tmuxTmpdir: tmux.dir },
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.cleanup();
  });

  /** Drops the sessions, windows and panes the calls created (keeps search_panes and listings cheap). */
  function pruneTo(session: string, pane: string): void {
    for (const s of tmux.tmux('list-sessions', '-F', '#{session_id}').split('\n')) if (s !== session) tmux.tmux('kill-session', '-t', s);
    tmux.tmux('kill-pane', '-a', '-t', pane);
    for (const w of tmux.tmux('list-windows', '-t', session, '-F', '#{window_id}').split('\n'))
      if (w !== tmux.tmux('display-message', '-p', '-t', pane, '#{window_id}')) tmux.tmux('kill-window', '-t', w);
  }

  /** Valid values for required arguments that are not under test. */
  function fill(name: string, key: string, pane: string, window: string, session: string, buffer: string): unknown {
    const known: Json = {
      pane_id: pane,
      source_pane_id: pane,
      target_pane_id: pane,
      window_id: window,
      session_id: session,
      layout: 'tiled',
      corner: 'top-left',
      channel: `hz-ok-${process.pid}`,
      buffer_name: buffer,
      format_string: '#{pane_id}',
      new_name: 'hzok',
      title: 'hzok',
      option: '@hz_inj',
      value: 'v',
      name: name === 'set_environment' ? 'HZ_INJ' : 'run_and_wait',
      pattern: 'x',
      keys: ': ok',
      command: ': ok',
      text: ': ok',
      content: ': ok',
      hook_name: 'after-new-window',
      operations: [{ tool: 'list_sessions', arguments: {} }],
    };
    return known[key];
  }

  /** Where the payload goes for one argument (paths keep their directory). */
  function place(key: string, prop: Prop, payload: string): unknown[] {
    const dir = tmux.dir;
    if (key === 'output_path' || key === 'start_directory') return [`${dir}/${payload.replace(/\//g, '_')}`, `${dir}/x${payload}`];
    if (key === 'extra_socket_paths') return [[`${dir}/${payload.replace(/\//g, '_')}`]];
    const out: unknown[] = [];
    if (takesString(prop)) out.push(payload);
    if (takesStringList(prop)) out.push([payload]);
    if (takesMap(prop)) out.push({ HZ_INJ: payload, session_name: payload }, JSON.stringify({ HZ_INJ: payload }));
    return out;
  }

  it('no marker appears for any tool, argument and payload', async () => {
    const { tools } = await h.client.listTools();
    const pane = tmux.firstPane('main');
    const window = tmux.tmux('display-message', '-p', '-t', pane, '#{window_id}');
    const session = tmux.tmux('display-message', '-p', '-t', pane, '#{session_id}');
    const buffer = (await h.ok<{ buffer_name: string }>('load_buffer', { content: ': ok', logical_name: 'inj' })).buffer_name;
    const tried = new Map<string, string>(); // marker → what carried it
    let calls = 0;

    // Target arguments shared by many tools go through one resolver: each tool gets a rotating
    // third of the payloads for those (every payload still reaches every shared key somewhere).
    const shared = new Map<string, number>();
    for (const t of tools) for (const k of Object.keys(t.inputSchema.properties ?? {})) shared.set(k, (shared.get(k) ?? 0) + 1);
    for (const [ti, t] of tools.entries()) {
      if (t.name === 'kill_server') continue; // its only argument is socket_name
      const props = (t.inputSchema.properties ?? {}) as Record<string, Prop>;
      const required = t.inputSchema.required ?? [];
      for (const [key, prop] of Object.entries(props)) {
        if (COMMANDS_BY_DESIGN.has(key)) continue;
        const m = join(markers, `m${++n}`);
        const payloads = PAYLOADS(m).filter((_, i) => (shared.get(key) ?? 0) <= 3 || (i + ti) % 3 === 0);
        for (const payload of payloads) {
          for (const value of place(key, prop, payload)) {
            const args: Json = {};
            for (const r of required) if (r !== key) args[r] = fill(t.name, r, pane, window, session, buffer);
            if ('timeout' in props && key !== 'timeout') args.timeout = 0.05; // waits end at once
            args[key] = value;
            tried.set(m, `${t.name}.${key}`);
            await h.call(t.name, args);
            calls++;
          }
        }
      }
      pruneTo(session, pane);
    }
    // Nested: batch operations and send_keys_batch operations carry the payloads one level down.
    for (const payload of PAYLOADS(join(markers, `m${++n}`))) {
      tried.set(join(markers, `m${n}`), 'batch operations');
      await h.call('call_mutating_tools_batch', {
        operations: [
          { tool: 'rename_window', arguments: { window_id: window, new_name: payload } },
          { tool: 'search_panes', arguments: { pattern: payload } },
        ],
      });
      await h.call('send_keys_batch', {
        operations: [
          { keys: ': ok', session_name: payload },
          { keys: ': ok', pane_id: payload },
        ],
      });
      calls += 2;
    }
    expect(calls).toBeGreaterThan(400);

    // Anything a call started (format jobs, pane shells, pipe-pane commands) runs asynchronously:
    // settle on sentinels started after every call, through the same three mechanisms.
    const sentinels = ['s1', 's2', 's3'].map((s) => join(tmux.dir, s));
    for (let i = 0; i < 2; i++) tmux.tmux('display-message', '-p', `#(touch ${sentinels[0]})`);
    tmux.tmux('split-window', '-d', '-t', pane, `touch ${sentinels[1]}`);
    tmux.tmux('pipe-pane', '-t', pane, `touch ${sentinels[2]}`);
    await until(() => {
      if (!existsSync(sentinels[0])) tmux.tmux('display-message', '-p', `#(touch ${sentinels[0]})`);
      return sentinels.every(existsSync);
    }, 'sentinel commands ran');
    const created = readdirSync(markers).map((f) => `${f} via ${tried.get(join(markers, f))}`);
    expect(created).toEqual([]);
  }, 90_000);

  it('positive control: the same payload through tmux itself does create its marker', async () => {
    const m = join(markers, 'control');
    await until(() => {
      tmux.tmux('display-message', '-p', `#(touch ${m})`);
      return existsSync(m);
    }, 'control marker');
  });
});
