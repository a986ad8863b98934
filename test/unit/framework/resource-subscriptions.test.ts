import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Writable } from 'node:stream';
import winston from 'winston';
import {
  MAX_SUBSCRIPTIONS,
  ResourceCatalog,
  ResourceNotFoundError,
  ResourceParamError,
  resourcesExtension,
  ResourceSubscriptions,
  type ResourceTemplateProvider,
} from '../../../src/framework/protocol/resources.handlers';
import { until } from '../../helpers/poll';

/** A fake provider whose watchers the test drives by hand (docs/reference/resources-and-prompts.md#subscriptions). */
class FakeProvider implements ResourceTemplateProvider {
  readonly mimeType = 'text/plain';
  /** The live watchers by URI: their `changed` and how often each was stopped. */
  readonly watchers = new Map<string, { vars: Record<string, string>; changed: () => void }>();
  readonly stops: string[] = [];
  started = 0;
  /** Set to hold the next watch until released. */
  gate: Promise<void> | null = null;
  failWith: Error | null = null;
  stopThrows = false;

  constructor(
    readonly name: string,
    where: { uriTemplate?: string; uri?: string },
  ) {
    Object.assign(this, where);
  }

  async read(vars: Readonly<Record<string, string>>, uri: string): Promise<string> {
    return `read ${uri} ${JSON.stringify(vars)}`;
  }

  async watch(vars: Readonly<Record<string, string>>, uri: string, changed: () => void): Promise<() => void> {
    this.started++;
    if (this.gate) await this.gate;
    if (this.failWith) throw this.failWith;
    this.watchers.set(uri, { vars: { ...vars }, changed });
    return () => {
      this.stops.push(uri);
      this.watchers.delete(uri);
      if (this.stopThrows) throw new Error('stop failed');
    };
  }
}

class Unwatchable implements ResourceTemplateProvider {
  readonly name = 'plain';
  readonly uriTemplate = 'fake://plain/{id}';
  readonly mimeType = 'text/plain';
  async read(): Promise<string> {
    return 'plain';
  }
}

interface Setup {
  client: Client;
  server: Server;
  subs: ResourceSubscriptions;
  items: FakeProvider;
  fixed: FakeProvider;
  updates: string[];
  logs: string[];
}

async function setup(): Promise<Setup> {
  const logs: string[] = [];
  const logger = winston.createLogger({
    level: 'debug',
    transports: [
      new winston.transports.Stream({
        stream: new Writable({
          write(chunk: Buffer, _enc: string, cb: () => void) {
            logs.push(chunk.toString());
            cb();
          },
        }),
        format: winston.format.printf((i) => `${i.level}: ${String(i.message)}`),
      }),
    ],
  });
  const items = new FakeProvider('get_item', { uriTemplate: 'fake://items/{id}{?q}' });
  const fixed = new FakeProvider('list_items', { uri: 'fake://items' });
  const catalog = new ResourceCatalog([items, new Unwatchable(), fixed]);
  const subs = new ResourceSubscriptions(catalog, logger);
  const server = new Server({ name: 'fake', version: '0' }, { capabilities: {} });
  resourcesExtension(catalog, logger, subs)(server);
  const client = new Client({ name: 'c', version: '0' }, { capabilities: {} });
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, server, subs, items, fixed, updates, logs };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('unexpectedly accepted');
    },
    // The SDK client puts `MCP error CODE: ` before the message the server sent.
    (e: { code: number; message: string }) => ({ code: e.code, message: e.message.replace(`MCP error ${e.code}: `, '') }),
  );

describe('resource subscriptions (docs/reference/resources-and-prompts.md#subscriptions)', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });
  afterEach(async () => {
    await s.client.close();
  });

  it('advertises resources.subscribe', () => {
    expect(s.client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: false });
  });

  it('sends resources/updated with the uri exactly as subscribed, on each change', async () => {
    const uri = 'fake://items/%61b?q=1&zz=2';
    await s.client.subscribeResource({ uri });
    expect(s.items.watchers.get(uri)?.vars).toEqual({ id: 'ab', q: '1' });
    s.items.watchers.get(uri)!.changed();
    await until(
      () => s.updates,
      (u) => u.length >= 1,
      'an update',
    );
    expect(s.updates).toEqual([uri]);
    s.items.watchers.get(uri)!.changed();
    await until(
      () => s.updates,
      (u) => u.length >= 2,
      'a second update',
    );
    expect(new Set(s.updates)).toEqual(new Set([uri]));
  });

  it('subscribing twice to a uri is one subscription; unsubscribing stops its watcher, and its later changes are not sent', async () => {
    const a = 'fake://items/a';
    const b = 'fake://items/b';
    await s.client.subscribeResource({ uri: a });
    await s.client.subscribeResource({ uri: a });
    await s.client.subscribeResource({ uri: b });
    expect(s.items.started).toBe(2);
    expect(s.subs.size).toBe(2);
    const changedA = s.items.watchers.get(a)!.changed;
    await s.client.unsubscribeResource({ uri: a });
    expect(s.items.stops).toEqual([a]);
    expect(s.subs.size).toBe(1);
    // A stale changed() of the stopped watcher sends nothing: b's update, sent after it on the
    // same ordered channel, arrives alone.
    changedA();
    s.items.watchers.get(b)!.changed();
    await until(
      () => s.updates,
      (u) => u.includes(b),
      "b's update",
    );
    expect(s.updates).toEqual([b]);
    // Unknown or never subscribed: quietly fine.
    await s.client.unsubscribeResource({ uri: a });
    await s.client.unsubscribeResource({ uri: 'nothing://here' });
  });

  it('refuses an unknown uri, a resource without watch, and a missing object with -32602 naming it', async () => {
    expect(await refusal(s.client.subscribeResource({ uri: 'nothing://x\n' }))).toEqual({
      code: -32602,
      message: "Resource not found: Unknown resource: 'nothing://x\\n'",
    });
    expect(await refusal(s.client.subscribeResource({ uri: 'fake://plain/1' }))).toEqual({
      code: -32602,
      message: "Resource cannot be subscribed to: 'fake://plain/1' (plain sends no updates)",
    });
    s.items.failWith = new ResourceNotFoundError('Item not found: x');
    expect(await refusal(s.client.subscribeResource({ uri: 'fake://items/x' }))).toEqual({
      code: -32602,
      message: 'Resource not found: Item not found: x',
    });
    s.items.failWith = new ResourceParamError("Host 'h' is not configured.");
    expect(await refusal(s.client.subscribeResource({ uri: 'fake://items/x' }))).toEqual({
      code: -32602,
      message: "Host 'h' is not configured.",
    });
    s.items.failWith = new Error('boom');
    expect(await refusal(s.client.subscribeResource({ uri: 'fake://items/x' }))).toEqual({ code: -32603, message: 'Internal error: boom' });
    expect(s.logs.join('')).toContain('Error in resources/subscribe (get_item): boom');
    // A refused subscription holds nothing: the next attempt starts afresh.
    expect(s.subs.size).toBe(0);
    s.items.failWith = null;
    await s.client.subscribeResource({ uri: 'fake://items/x' });
    expect(s.subs.size).toBe(1);
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS} subscriptions; the next one is refused naming the limit`, async () => {
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) await s.client.subscribeResource({ uri: `fake://items/${i}` });
    expect(await refusal(s.client.subscribeResource({ uri: 'fake://items/one-more' }))).toEqual({
      code: -32602,
      message: 'Too many subscriptions: a client may hold at most 256; unsubscribe from one first',
    });
    // One already held is no new subscription.
    await s.client.subscribeResource({ uri: 'fake://items/0' });
    await s.client.unsubscribeResource({ uri: 'fake://items/0' });
    await s.client.subscribeResource({ uri: 'fake://items/one-more' });
    expect(s.subs.size).toBe(MAX_SUBSCRIPTIONS);
  });

  it('stops every watcher when the client goes away', async () => {
    await s.client.subscribeResource({ uri: 'fake://items/1' });
    await s.client.subscribeResource({ uri: 'fake://items' });
    await s.client.close();
    expect(s.items.watchers.size).toBe(0);
    expect(s.fixed.watchers.size).toBe(0);
    expect(s.subs.size).toBe(0);
  });

  it('stops every watcher when the server closes, and keeps an onclose set before', async () => {
    let before = 0;
    const server = new Server({ name: 'fake', version: '0' }, { capabilities: {} });
    server.onclose = () => before++;
    const items = new FakeProvider('get_item', { uriTemplate: 'fake://items/{id}' });
    const logger = winston.createLogger({ silent: true });
    resourcesExtension(new ResourceCatalog([items]), logger)(server);
    const client = new Client({ name: 'c', version: '0' }, { capabilities: {} });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(a), client.connect(b)]);
    await client.subscribeResource({ uri: 'fake://items/1' });
    await server.close();
    expect(items.watchers.size).toBe(0);
    expect(before).toBeGreaterThanOrEqual(1);
  });

  it('a watcher unsubscribed (or orphaned by the client leaving) while it starts is stopped once started', async () => {
    let release!: () => void;
    s.items.gate = new Promise<void>((r) => (release = r));
    const pending = s.client.subscribeResource({ uri: 'fake://items/slow' });
    await until(
      () => s.items.started,
      (n) => n === 1,
      'the watch to begin',
    );
    await s.client.unsubscribeResource({ uri: 'fake://items/slow' });
    release();
    await pending;
    expect(s.items.stops).toEqual(['fake://items/slow']);
    expect(s.items.watchers.size).toBe(0);
  });

  it("a watcher's failures are logged, never thrown: a failing stop, a notification after the client left", async () => {
    s.items.stopThrows = true;
    await s.client.subscribeResource({ uri: 'fake://items/1' });
    const changed = s.items.watchers.get('fake://items/1')!.changed;
    await s.client.unsubscribeResource({ uri: 'fake://items/1' });
    expect(s.logs.join('')).toContain('stopping a watcher of get_item failed: stop failed');
    // A stopped watcher's changed() is ignored.
    changed();
    // A notification that cannot be sent (no connection) is logged at debug.
    const server = new Server({ name: 'fake', version: '0' }, { capabilities: {} });
    s.subs.attach(server);
    await s.subs.subscribe('fake://items/2');
    s.items.watchers.get('fake://items/2')!.changed();
    await until(
      () => s.logs.join(''),
      (l) => l.includes("could not send resources/updated for 'fake://items/2'"),
      'the failed send to be logged',
    );
    s.subs.stopAll();
    expect(s.items.watchers.size).toBe(0);
  });
});

describe('static resources (docs/reference/resources-and-prompts.md#static-resources)', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(async () => {
    await s.client.close();
  });

  it('resources/list lists the static resources, resources/templates/list only the templates', async () => {
    expect((await s.client.listResources()).resources).toEqual([{ uri: 'fake://items', name: 'list_items', mimeType: 'text/plain' }]);
    expect((await s.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'fake://items/{id}{?q}',
      'fake://plain/{id}',
    ]);
  });

  it('is read by its exact uri only, with no variables', async () => {
    const r = await s.client.readResource({ uri: 'fake://items' });
    expect(r.contents).toEqual([{ uri: 'fake://items', mimeType: 'text/plain', text: 'read fake://items {}' }]);
    const e = await refusal(s.client.readResource({ uri: 'fake://items?q=1' }));
    expect(e).toEqual({ code: -32002, message: "Resource not found: Unknown resource: 'fake://items?q=1'" });
  });

  it('can be watched', async () => {
    await s.client.subscribeResource({ uri: 'fake://items' });
    expect(s.fixed.watchers.get('fake://items')?.vars).toEqual({});
    s.fixed.watchers.get('fake://items')!.changed();
    await until(
      () => s.updates,
      (u) => u.includes('fake://items'),
      'the static update',
    );
  });

  it('a provider declares exactly one of uri and uriTemplate', () => {
    const both = new FakeProvider('both', { uri: 'a://b', uriTemplate: 'a://{b}' });
    const neither = new FakeProvider('neither', {});
    expect(() => new ResourceCatalog([both])).toThrow("resource provider 'both' must declare exactly one of uri and uriTemplate");
    expect(() => new ResourceCatalog([neither])).toThrow("resource provider 'neither' must declare exactly one of uri and uriTemplate");
  });
});
