import { TmuxFixture } from '../helpers/tmux-fixture';
import { minimalEnv, RawServer } from '../helpers/cli-process';

/**
 * The spawned CLI over real pipes (docs/reference/protocol.md#request-size): a 70 MiB request
 * line is answered with a JSON-RPC error carrying its id and naming the 64 MiB limit, the server
 * goes on serving, and a 60 MiB line (over the SDK reader's 10 MiB) is read and answered.
 */
describe('request lines of tens of MiB through the CLI', () => {
  const tmux = new TmuxFixture();
  beforeAll(() => tmux.start('e2e'));
  afterAll(() => tmux.kill());

  /** A tools/call line of `bytes` bytes, its id last (where the SDK's client writes it). */
  const call = (id: number, bytes: number, args: (fill: string) => string): Buffer => {
    const head = `{"method":"tools/call","params":{"name":"list_sessions","arguments":${args('')}`;
    const tail = `},"jsonrpc":"2.0","id":${id}}\n`;
    const text = args('x'.repeat(bytes - head.length - tail.length));
    return Buffer.from(`{"method":"tools/call","params":{"name":"list_sessions","arguments":${text}${tail}`);
  };

  it('refuses a 70 MiB line by id, then serves; reads a 60 MiB line', async () => {
    const s = new RawServer(['--socket-name', tmux.socket], minimalEnv());
    await s.initialize();
    const seen = (id: number) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const check = () => {
          for (const l of s.stdoutLines) {
            const m = JSON.parse(l) as Record<string, unknown>;
            if (m.id === id) return resolve(m);
          }
          s.proc.stdout.once('data', () => setImmediate(check));
        };
        check();
      });
    const MiB = 1024 * 1024;
    s.proc.stdin.write(call(900, 70 * MiB, (f) => `{"padding":"${f}"}`));
    expect(await seen(900)).toEqual({
      jsonrpc: '2.0',
      id: 900,
      error: { code: -32600, message: 'Request too large: a request line may hold at most 64 MiB (67108864 bytes)' },
    });
    const ping = await s.request('ping');
    expect(ping).toMatchObject({ result: {} });
    // 60 MiB reaches the tool: an unknown argument, refused by name (the value never echoed).
    s.proc.stdin.write(call(901, 60 * MiB, (f) => `{"padding":"${f}"}`));
    const big = (await seen(901)) as { result: { isError: boolean; content: { text: string }[] } };
    expect(big.result.isError).toBe(true);
    expect(big.result.content[0].text).toContain('padding\n  Extra inputs are not permitted');
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
    expect(s.stderr).toContain('refused a request line over the 64 MiB limit (request id 900)');
  });
});
