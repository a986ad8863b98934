import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_LINE_BYTES, scanRequestId, StdioLineTransport } from '../../../src/framework/protocol/stdio-line.transport';
import { until } from '../../helpers/poll';

/**
 * The server's stdio reader (docs/reference/protocol.md#request-size) over real streams: lines up
 * to 64 MiB are read; a longer one is answered with a JSON-RPC error carrying its id and naming
 * the limit, and the next line is served; stream errors are reported and close the transport.
 */

const MiB = 1024 * 1024;

function harness(maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const t = new StdioLineTransport(stdin, stdout, maxLineBytes === undefined ? {} : { maxLineBytes });
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  let closed = 0;
  t.onmessage = (m) => messages.push(m);
  t.onerror = (e) => errors.push(e);
  t.onclose = () => closed++;
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const replies = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string } });
  /** Writes `text` in pieces of `piece` bytes, as a pipe delivers a long line. */
  const write = (text: string | Buffer, piece = MiB) => {
    const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    for (let i = 0; i < buf.length; i += piece) stdin.write(buf.subarray(i, i + piece));
  };
  return { t, stdin, stdout, messages, errors, replies, write, closed: () => closed };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) + '\n';

/** A tools/call line of about `bytes` bytes, its id where the SDK's client puts it (last) or first. */
function bigCall(id: number | string, bytes: number, idFirst = false): Buffer {
  const head = idFirst
    ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":"paste_text","arguments":{"text":"`
    : `{"method":"tools/call","params":{"name":"paste_text","arguments":{"text":"`;
  const tail = idFirst ? `"}}}\n` : `"}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n`;
  const fill = Buffer.alloc(bytes - head.length - tail.length, 'x');
  return Buffer.concat([Buffer.from(head), fill, Buffer.from(tail)]);
}

describe('StdioLineTransport', () => {
  it('refuses a 70 MiB line with its id and the limit, then serves the next line', async () => {
    const h = harness();
    await h.t.start();
    h.write(bigCall(41, 70 * MiB));
    h.write(ping(42));
    await until(() => h.messages.length === 1 && h.replies().length === 1, Boolean, 'h.messages.length === 1 && h.replies().length === 1');
    const [reply] = h.replies();
    expect(reply.id).toBe(41);
    expect(reply.error?.code).toBe(-32600);
    expect(reply.error?.message).toContain('64 MiB');
    expect(h.messages[0]).toMatchObject({ id: 42, method: 'ping' });
    expect(h.errors.map((e) => e.message).join('\n')).toContain('64 MiB');
    expect(h.closed()).toBe(0);
  });

  it('reads a line just under 64 MiB whole', async () => {
    const h = harness();
    await h.t.start();
    const line = bigCall('big', MAX_LINE_BYTES, true); // the newline is not counted
    h.write(line);
    await until(() => h.messages.length === 1, Boolean, 'h.messages.length === 1');
    const m = h.messages[0] as unknown as { id: unknown; params: { arguments: { text: string } } };
    expect(m.id).toBe('big');
    expect(m.params.arguments.text.length).toBeGreaterThan(MAX_LINE_BYTES - 200);
    expect(h.replies()).toEqual([]);
  });

  it('takes the id from the start of the line too, and answers null when the line names none', async () => {
    const h = harness(1024);
    await h.t.start();
    h.write(bigCall('first-id', 5000, true), 100);
    h.write('"' + 'y'.repeat(5000) + '"\n', 100);
    h.write(ping(7));
    await until(() => h.replies().length === 2 && h.messages.length === 1, Boolean, 'h.replies().length === 2 && h.messages.length === 1');
    expect(h.replies().map((r) => r.id)).toEqual(['first-id', null]);
    expect(h.replies()[0].error?.message).toContain('1024 bytes');
  });

  it('reports a malformed line and goes on', async () => {
    const h = harness();
    await h.t.start();
    h.write('{not json\n' + ping(3));
    await until(() => h.messages.length === 1, Boolean, 'h.messages.length === 1');
    expect(h.errors).toHaveLength(1);
    expect(h.closed()).toBe(0);
  });

  it('closes on the end of stdin and on a stream error, reporting the error', async () => {
    const a = harness();
    await a.t.start();
    a.stdin.end();
    await until(() => a.closed() === 1, Boolean, 'a.closed() === 1');

    const b = harness();
    await b.t.start();
    b.stdin.emit('error', new Error('EIO: stdin broke'));
    await until(() => b.closed() === 1, Boolean, 'b.closed() === 1');
    expect(b.errors.map((e) => e.message)).toEqual(['EIO: stdin broke']);
  });
});

describe('scanRequestId', () => {
  it.each([
    ['{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{', '', 5],
    ['{"id":"a\\"b","params":{', '', 'a"b'],
    ['{"method":"tools/call","params":{"id":9,', '..."}},"jsonrpc":"2.0","id":12}\r', 12],
    ['{"method":"x","params":{', '"}},"id":"q"} ', 'q'],
    ['{"method":"x","params":{', '"text":"a,\\"id\\":3}"}}', null],
    ['"just a string', 'tail', null],
  ])('%s … %s', (head, tail, id) => {
    expect(scanRequestId(head, tail)).toEqual(id);
  });
});
