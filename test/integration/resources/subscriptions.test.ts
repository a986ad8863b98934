import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { definePlugin } from '../../../src/framework/plugins/plugin';
import type { ResourceTemplateProvider } from '../../../src/framework/protocol/resources.handlers';
import { RESOURCES } from '../../../src/framework/tokens';
import { McpHarness } from '../../helpers/mcp-harness';
import { listenerCounter } from '../../helpers/pane-listeners';
import { until } from '../../helpers/poll';
import { TmuxFixture } from '../../helpers/tmux-fixture';

const enc = (paneId: string) => paneId.replace('%', '%25');
const contentUri = (paneId: string, query = '') => `tmux://panes/${enc(paneId)}/content${query}`;

/** A static resource of a plugin, watched by hand. */
class FakeStatic implements ResourceTemplateProvider {
  readonly name = 'fake_static';
  readonly uri = 'fake://static';
  readonly title = 'Fake Static';
  readonly mimeType = 'application/json';
  version = 0;
  changed: (() => void) | null = null;
  async read(): Promise<string> {
    return JSON.stringify({ version: this.version });
  }
  async watch(_vars: unknown, _uri: string, changed: () => void): Promise<() => void> {
    this.changed = changed;
    return () => (this.changed = null);
  }
}

describe(`pane content subscriptions on the ${process.env.TMUX_MCP_ENGINE ?? 'control'} engine (docs/reference/resources-and-prompts.md#subscriptions)`, () => {
  const tmux = new TmuxFixture();
  const counter = listenerCounter();
  const fake = new FakeStatic();
  let h: McpHarness;
  /** Pane A in session `subs`, pane B in session `other` (another event client on the control engine). */
  let a: string;
  let b: string;
  const updates: string[] = [];
  const countOf = (uri: string) => updates.filter((u) => u === uri).length;

  beforeAll(async () => {
    tmux.start('subs');
    tmux.newSession('other');
    a = tmux.tmux('display-message', '-p', '-t', 'subs', '#{pane_id}');
    b = tmux.tmux('display-message', '-p', '-t', 'other', '#{pane_id}');
    h = await McpHarness.start({
      socket: tmux.socket,
      plugins: [
        counter.plugin,
        definePlugin({
          name: 'fake-static',
          register: (c) => {
            c.register(RESOURCES, { useValue: fake });
          },
        }),
      ],
    });
    h.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
  });
  afterAll(async () => {
    await h.close();
    tmux.kill();
  });

  /** Prints a line in a pane and waits until tmux shows it. */
  const print = async (pane: string, text: string) => {
    tmux.tmux('send-keys', '-t', pane, `echo ${text}-$((1+1))`, 'Enter');
    await until(
      () => tmux.tmuxAsync('capture-pane', '-p', '-t', pane),
      (s) => s.includes(`${text}-2`),
      `${text} in ${pane}`,
    );
  };
  /** Waits for one more update of `uri` than it had. */
  const nextUpdate = async (uri: string, had: number) =>
    until(
      () => countOf(uri),
      (n) => n > had,
      `an update of ${uri}`,
    );
  const refusal = async (uri: string) =>
    h.client.subscribeResource({ uri }).then(
      () => {
        throw new Error(`subscribing to ${uri} unexpectedly succeeded`);
      },
      (e: { code: number; message: string }) => e,
    );

  it('advertises resources.subscribe', () => {
    expect(h.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
  });

  it('output in a subscribed pane sends resources/updated with the uri exactly as subscribed; unsubscribing ends it', async () => {
    const uriA = contentUri(a);
    const uriB = contentUri(b);
    await h.client.subscribeResource({ uri: uriA });
    await h.client.subscribeResource({ uri: uriB });
    expect(counter.listeners(a)).toBe(1);
    expect(counter.listeners(b)).toBe(1);
    let had = countOf(uriA);
    await print(a, 'first');
    await nextUpdate(uriA, had);
    had = countOf(uriB);
    await print(b, 'other');
    await nextUpdate(uriB, had);
    expect(updates.every((u) => u === uriA || u === uriB)).toBe(true);
    // The content a read returns now holds the output.
    const text = ((await h.client.readResource({ uri: uriA })).contents[0] as { text: string }).text;
    expect(text).toContain('first-2');

    await h.client.unsubscribeResource({ uri: uriA });
    expect(counter.listeners(a)).toBe(0);
    const sinceUnsubscribe = updates.length;
    await print(a, 'unwatched');
    // B, still watched, is told twice more about output printed after A's; a watch of A left
    // behind would have been told about A's before B's second update (same pacing).
    for (const round of ['later', 'latest']) {
      had = countOf(uriB);
      await print(b, round);
      await nextUpdate(uriB, had);
    }
    expect(updates.slice(sinceUnsubscribe).filter((u) => u === uriA)).toEqual([]);
    await h.client.unsubscribeResource({ uri: uriB });
    expect(counter.listeners(b)).toBe(0);
  });

  it('several spellings of one pane share one watch; subscribing twice is one subscription', async () => {
    const raw = `tmux://panes/${a}/content`;
    const encoded = contentUri(a);
    await h.client.subscribeResource({ uri: raw });
    await h.client.subscribeResource({ uri: encoded });
    await h.client.subscribeResource({ uri: encoded });
    expect(counter.listeners(a)).toBe(1);
    const had = [countOf(raw), countOf(encoded)];
    await print(a, 'spellings');
    await nextUpdate(raw, had[0]);
    await nextUpdate(encoded, had[1]);
    await h.client.unsubscribeResource({ uri: raw });
    expect(counter.listeners(a)).toBe(1);
    await h.client.unsubscribeResource({ uri: encoded });
    expect(counter.listeners(a)).toBe(0);
  });

  it('a killed pane is told once more and no longer watched', async () => {
    const c = tmux.tmux('split-window', '-d', '-t', 'subs', '-P', '-F', '#{pane_id}', 'sh');
    const uri = contentUri(c);
    await h.client.subscribeResource({ uri });
    expect(counter.listeners(c)).toBe(1);
    const had = countOf(uri);
    tmux.tmux('kill-pane', '-t', c);
    await nextUpdate(uri, had);
    await until(
      () => counter.listeners(c),
      (n) => n === 0,
      'the watch of the killed pane to end',
    );
    const e = await h.client.readResource({ uri }).then(
      () => null,
      (err: { code: number }) => err,
    );
    expect(e?.code).toBe(-32002);
    // The subscription stays, inert, until unsubscribed.
    await h.client.unsubscribeResource({ uri });
  });

  it('refuses a pane that does not exist, an unknown uri and a resource that cannot be watched (-32602, naming it)', async () => {
    let e = await refusal(contentUri('%99999'));
    expect(e.code).toBe(-32602);
    expect(e.message).toBe('MCP error -32602: Resource not found: Pane not found: %99999');
    expect(counter.listeners('%99999')).toBe(0);
    e = await refusal('tmux://nothing/here');
    expect(e.code).toBe(-32602);
    expect(e.message).toBe("MCP error -32602: Resource not found: Unknown resource: 'tmux://nothing/here'");
    e = await refusal('tmux://sessions');
    expect(e.code).toBe(-32602);
    expect(e.message).toBe("MCP error -32602: Resource cannot be subscribed to: 'tmux://sessions' (get_sessions sends no updates)");
    e = await refusal(contentUri(a, '?host=nowhere'));
    expect(e.code).toBe(-32602);
    expect(e.message).toContain("Host 'nowhere' is not configured");
  });

  it('a client holds at most 256 subscriptions: the 257th is refused naming the limit', async () => {
    // 256 spellings of pane A (unknown query keys are ignored): one watch serves them all.
    for (let i = 0; i < 256; i++) await h.client.subscribeResource({ uri: contentUri(a, `?n=${i}`) });
    expect(counter.listeners(a)).toBe(1);
    const e = await refusal(contentUri(b));
    expect(e.code).toBe(-32602);
    expect(e.message).toBe('MCP error -32602: Too many subscriptions: a client may hold at most 256; unsubscribe from one first');
    expect(counter.listeners(b)).toBe(0);
    await h.client.subscribeResource({ uri: contentUri(a, '?n=0') }); // held already: no new one
    for (let i = 0; i < 256; i++) await h.client.unsubscribeResource({ uri: contentUri(a, `?n=${i}`) });
    expect(counter.listeners(a)).toBe(0);
    // 514 requests in turn; on the subprocess engine each subscription looks its pane up with a
    // tmux process: ~5 s on a quiet machine, past 30 s once beside two busy loops (Node 24).
  }, 120_000);

  it('a static resource of a plugin is listed, read and watched (docs/reference/resources-and-prompts.md#static-resources)', async () => {
    // The server's own static resource first (tmux://runs), then the plugin's, in registration order.
    expect((await h.client.listResources()).resources.map((r) => r.uri)).toEqual(['tmux://runs', 'fake://static']);
    expect((await h.client.listResources()).resources[1]).toEqual({
      uri: 'fake://static',
      name: 'fake_static',
      title: 'Fake Static',
      mimeType: 'application/json',
    });
    expect((await h.client.listResourceTemplates()).resourceTemplates.map((t) => t.name)).not.toContain('fake_static');
    expect(((await h.client.readResource({ uri: 'fake://static' })).contents[0] as { text: string }).text).toBe('{"version":0}');
    await h.client.subscribeResource({ uri: 'fake://static' });
    const had = countOf('fake://static');
    fake.version++;
    fake.changed!();
    await nextUpdate('fake://static', had);
    await h.client.unsubscribeResource({ uri: 'fake://static' });
    expect(fake.changed).toBeNull();
  });

  it('when the client goes away every watch ends', async () => {
    const other = listenerCounter();
    const h2 = await McpHarness.start({ socket: tmux.socket, plugins: [other.plugin] });
    try {
      await h2.client.subscribeResource({ uri: contentUri(a) });
      await h2.client.subscribeResource({ uri: contentUri(b) });
      expect(other.listeners(a)).toBe(1);
      expect(other.listeners(b)).toBe(1);
      await h2.client.close();
      await until(
        () => other.listeners(a) + other.listeners(b),
        (n) => n === 0,
        'the watches to end with the client',
      );
    } finally {
      await h2.close();
    }
  });
});
