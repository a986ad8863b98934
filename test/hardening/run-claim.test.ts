import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, minimalEnv } from '../helpers/cli-process';
import { type CallResult, McpHarness } from '../helpers/mcp-harness';
import { TmuxFixture } from '../helpers/tmux-fixture';
import { readyPane } from '../integration/pane-io/pane-io-helpers';

/**
 * F9b, one run per pane, atomically (docs/reference/engine.md#run-claim): two run_command calls on
 * one pane at the same moment, from one server, from two servers in one process and from two
 * server processes, start exactly one command. The other call is the busy-pane error and types
 * nothing: its marker never reaches the pane.
 */
type Call = (args: Record<string, unknown>) => Promise<CallResult>;

const BUSY =
  /^Pane %\d+ (is still running r_[0-9a-f]{10} \('tmux -L .*', started \d+ s ago\)|is still running r_[0-9a-f]{10}, a run_command this server does not follow|holds an earlier run_command that has not started yet \(r_[0-9a-f]{10}\)); nothing was typed\n/;

describe('F9b: two run_command calls on one pane at once start exactly one command', () => {
  const fx = new TmuxFixture();
  const harnesses: McpHarness[] = [];
  const clients: Client[] = [];

  beforeAll(() => {
    fx.start('claim');
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const h of harnesses) await h.close();
    fx.kill();
  });

  const harness = async (): Promise<Call> => {
    const h = await McpHarness.start({ socket: fx.socket });
    harnesses.push(h);
    return (args) => h.call('run_command', args);
  };

  const cliServer = async (): Promise<Call> => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, '--socket-name', fx.socket],
      env: minimalEnv() as Record<string, string>,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'claim', version: '1.0.0' }, { capabilities: {} });
    await client.connect(transport);
    clients.push(client);
    return async (args) => (await client.callTool({ name: 'run_command', arguments: args })) as CallResult;
  };

  /** `rounds` rounds of two simultaneous calls (through `a` and `b`) on one fresh pane. */
  const race = async (a: Call, b: Call, rounds: number, tag: string) => {
    const pane = await readyPane(fx);
    for (let r = 0; r < rounds; r++) {
      const mark = (who: string) => `${tag}${who}${r}x`;
      // Each command waits on a tmux channel that is signalled only once a call has come back
      // refused, so the two calls always overlap however slowly either server starts; were both
      // to start their command, neither would end and the round would fail on its timeout.
      const go = `go_${tag}${r}`;
      const release = (res: CallResult) => {
        if (res.isError) fx.tmux('wait-for', '-S', go);
        return res;
      };
      const cmd = (who: string) => `tmux -L ${fx.socket} wait-for ${go}; echo ${mark(who)}-$((6*7))`;
      const [ra, rb] = await Promise.all([
        a({ command: cmd('A'), pane_id: pane, timeout: 20 }).then(release),
        b({ command: cmd('B'), pane_id: pane, timeout: 20 }).then(release),
      ]);
      const results = [
        { who: 'A', r: ra },
        { who: 'B', r: rb },
      ];
      const won = results.filter((x) => !x.r.isError);
      const lost = results.filter((x) => x.r.isError);
      expect({ round: r, won: won.length, lost: lost.length }).toEqual({ round: r, won: 1, lost: 1 });
      // The winner got its own command's output, nothing of the other's.
      expect(won[0].r.structuredContent).toMatchObject({ exit_status: 0, output: [`${mark(won[0].who)}-42`] });
      expect(lost[0].r.content[0]?.text).toMatch(BUSY);
      // The loser typed nothing: its marker is nowhere in the pane, history included.
      const all = fx.tmux('capture-pane', '-p', '-J', '-S', '-', '-t', pane);
      expect(all).toContain(mark(won[0].who));
      expect(all).not.toContain(mark(lost[0].who));
    }
  };

  it('one server: 12 rounds', async () => {
    const call = await harness();
    await race(call, call, 12, 'one');
  }, 120_000);

  it('two servers in one process (two tmux clients): 12 rounds', async () => {
    await race(await harness(), await harness(), 12, 'two');
  }, 120_000);

  it('a lock no run backs (set by hand) holds nothing: the run goes ahead and leaves no lock', async () => {
    const call = await harness();
    const pane = await readyPane(fx);
    fx.tmux('set-option', '-p', '-t', pane, '@tmux_mcp_run', 'abcdef0123');
    const r = await call({ command: 'echo free-$((1+1))', pane_id: pane });
    expect(r.structuredContent).toMatchObject({ exit_status: 0, output: ['free-2'] });
    expect(fx.tmux('show-options', '-p', '-t', pane)).not.toContain('@tmux_mcp_run');
  });

  it('two server processes: 8 rounds', async () => {
    await race(await cliServer(), await cliServer(), 8, 'proc');
  }, 120_000);
});
