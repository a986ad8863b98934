import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALLER_VARIABLES, defaultLiteral, SETTING_ENTRIES } from '../../../src/config/settings.table';
import { like } from '../../helpers/like';

/**
 * The settings are written once, in src/config/settings.table.ts (docs/architecture.md#settings);
 * the tables people read are held to it here, so neither can drift: every setting, its variables
 * and its default.
 */
const ROOT = join(__dirname, '..', '..', '..');

/** The rows of the first Markdown table between two headings, as cells (`\|` stays inside a cell). */
function tableRows(file: string, from: string, to: string): string[][] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const start = text.indexOf(from);
  const section = text.slice(start, text.indexOf(to, start));
  expect({ file, from, found: start >= 0 && section.length > 0 }).toEqual({ file, from, found: true });
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim()),
  );
}

/** The code spans of a cell, `=1` and the like cut off (`TMUX_MCP_PROMPTS_AS_TOOLS=1` → `TMUX_MCP_PROMPTS_AS_TOOLS`). */
const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1].split('=')[0]);
/** The flag a flag cell names: `--suppress-history 0\|1` → `suppress-history`. */
const flagOf = (cell: string): string => (codes(cell)[0] ?? '').split(' ')[0].replace(/^--/, '');

/** Any text that is not code. */
const notCode: unknown = expect.not.stringContaining('`');

const SETTINGS = SETTING_ENTRIES.map(([key, s]) => ({ key, ...s, literal: defaultLiteral(s) }));

describe('the settings table (src/config/settings.table.ts)', () => {
  it('names each flag, variable and --check label once; variables are TMUX_MCP_* then LIBTMUX_*', () => {
    const once = (xs: string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);
    expect(once(SETTINGS.map((s) => s.flag))).toEqual([]);
    expect(once(SETTINGS.flatMap((s) => s.vars))).toEqual([]);
    expect(once(SETTINGS.map((s) => s.check))).toEqual([]);
    for (const s of SETTINGS) {
      expect({ key: s.key, first: s.vars[0] }).toEqual({ key: s.key, first: like.stringMatching(/^TMUX_MCP_[A-Z_]+$/) });
      for (const alias of s.vars.slice(1))
        expect({ key: s.key, alias }).toEqual({ key: s.key, alias: like.stringMatching(/^LIBTMUX_[A-Z_]+$/) });
    }
  });

  it("the README's configuration table has every setting, its variables and its default", () => {
    const rows = tableRows('README.md', '## Configuration', '\n## ').filter((r) => codes(r[1]).length > 0);
    const readme = new Map(rows.map((r) => [flagOf(r[0]), r]));
    expect([...readme.keys()].sort()).toEqual(SETTINGS.map((s) => s.flag).sort());
    for (const s of SETTINGS) {
      const [, variables, shown, meaning] = readme.get(s.flag)!;
      const expected = s.literal !== undefined ? `\`${s.literal}\`` : (s.defaultWords ?? '—');
      expect({ flag: s.flag, variables: codes(variables), default: shown }).toEqual({ flag: s.flag, variables: s.vars, default: expected });
      if (s.range)
        expect({ flag: s.flag, meaning }).toEqual({ flag: s.flag, meaning: like.stringContaining(`${s.range[0]}–${s.range[1]}`) });
    }
    // What is read from the environment alone is said below the table.
    const section = readFileSync(join(ROOT, 'README.md'), 'utf8').split('## Configuration')[1].split('\n## ')[0];
    for (const name of Object.values(CALLER_VARIABLES)) expect(section).toContain(`\`${name}\``);
  });

  it('the reference table (docs/reference/configuration.md#settings) has every setting, its variables and its default', () => {
    const rows = tableRows('docs/reference/configuration.md', '## Settings', '\n### ');
    const reference = new Map(rows.map((r) => [flagOf(r[0]), r]));
    expect([...reference.keys()].sort()).toEqual(SETTINGS.map((s) => s.flag).sort());
    for (const s of SETTINGS) {
      const [, variable, alias, shown] = reference.get(s.flag)!;
      expect({ flag: s.flag, variables: [...codes(variable), ...codes(alias)] }).toEqual({ flag: s.flag, variables: s.vars });
      // A default that is a value is written as one; one in words is not code.
      if (s.literal !== undefined) expect({ flag: s.flag, shown }).toEqual({ flag: s.flag, shown: `\`${s.literal}\`` });
      else expect({ flag: s.flag, shown }).toEqual({ flag: s.flag, shown: notCode });
    }
  });
});
