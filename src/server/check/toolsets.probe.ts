import winston from 'winston';
import type { ServerConfig } from '../../config/server-config';
import { ALL_TOOLSET, TOOLSETS } from '../../tools/toolsets';
import { createServer, type TmuxMcpServer } from '../create-server';
import type { CheckSection } from './check.report';
import { listedTools, modelVisibleTokens } from './tool-tokens';

const n = (x: number) => x.toLocaleString('en-US');
const plural = (x: number, word: string) => `${x} ${word}${x === 1 ? '' : 's'}`;

/** `a 12, b 340, …` wrapped into indented lines of at most ~100 characters. */
function wrapped(items: string[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line ? `${line}, ${item}` : item;
    if (line && next.length > 94) {
      lines.push(`      ${line},`);
      line = item;
    } else line = next;
  }
  if (line) lines.push(`      ${line}`);
  return lines;
}

/**
 * The Toolsets part of `--check` (docs/reference/configuration.md#check): every toolset with the
 * tools it lists at the configured tier and what each costs a model (name, description, input
 * schema as JSON; o200k_base), then the total of the configured selection — what `tools/list`
 * shows with the plugins and prompt tools included.
 */
export async function probeToolsets(out: CheckSection, config: ServerConfig, app: TmuxMcpServer): Promise<void> {
  const selection = await listedTools(app);
  // Every core tool at this tier, from a server that selects them all (no plugins: sets hold core tools).
  const everything = config.toolsets.includes(ALL_TOOLSET)
    ? app
    : await createServer({ resolved: { ...config, toolsets: [ALL_TOOLSET] }, logger: winston.createLogger({ silent: true }) });
  let full;
  try {
    full = everything === app ? selection : await listedTools(everything);
  } finally {
    if (everything !== app) await everything.close();
  }
  const tokens = new Map<string, number>();
  for (const t of [...full, ...selection]) if (!tokens.has(t.name)) tokens.set(t.name, await modelVisibleTokens(t));
  const sum = (names: readonly string[]) => names.reduce((s, x) => s + (tokens.get(x) ?? 0), 0);
  const picked = (name: string) => config.toolsets.includes(name) || config.toolsets.includes(ALL_TOOLSET);

  const listed = new Set(full.map((t) => t.name));
  const allNames = full.map((t) => t.name);
  out.row(
    `${ALL_TOOLSET}${picked(ALL_TOOLSET) ? ' *' : ''}`,
    `${plural(allNames.length, 'tool')}, ${n(sum(allNames))} tokens (plugin tools not included)`,
  );
  for (const [name, members] of Object.entries(TOOLSETS)) {
    const shown = members.filter((m) => listed.has(m));
    const hidden = members.filter((m) => !listed.has(m));
    const off = hidden.length ? `; not listed here: ${hidden.join(', ')}` : '';
    out.row(`${name}${config.toolsets.includes(name) ? ' *' : ''}`, `${plural(shown.length, 'tool')}, ${n(sum(shown))} tokens${off}`);
    for (const line of wrapped(shown.map((m) => `${m} ${n(tokens.get(m) ?? 0)}`))) out.text(line);
  }
  const names = selection.map((t) => t.name);
  out.row(
    'selected',
    `${config.toolsets.join(', ')}: ${plural(names.length, 'tool')}, ${n(sum(names))} tokens (what tools/list shows at tier ${config.safety})`,
  );
}
