import { SETTING_ENTRIES, shownValue } from '../config/settings.table';
import { diagnose } from '../server/check/check.diagnosis';
import { VERSION } from '../server/version';
import type { PreparedCli } from './cli-prepare';

/** One screen: a heading, then `label  value  (source)` rows. */
class Screen {
  private readonly lines: string[] = [];
  heading(text: string): void {
    this.lines.push('', text);
  }
  row(label: string, value: string, note = ''): void {
    const l = label.length < 22 ? label.padEnd(22) : `${label} `;
    this.lines.push(`  ${l}${note ? `${value.padEnd(28)} ${note}` : value}`);
  }
  text(line: string): void {
    this.lines.push(line);
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/**
 * `tmux-mcp --check` (docs/reference/configuration.md#check): every setting of the table with
 * where it came from, then what the diagnosis (server/check/) found, which loads the plugins and
 * builds the server exactly as the server would; one screen, and exit 1 on any problem.
 */
export async function runCheck({ config }: PreparedCli): Promise<void> {
  const out = new Screen();
  out.text(`tmux-mcp ${VERSION}: configuration check (Node ${process.version}, ${process.platform} ${process.arch})`);

  out.heading('Settings (value, and where it came from)');
  for (const [key, setting] of SETTING_ENTRIES)
    out.row(setting.check, shownValue(setting, config[key]), `(${config.sources?.[key] ?? 'default'})`);

  const report = await diagnose(config);
  for (const section of report.sections) {
    out.heading(section.heading);
    for (const line of section.lines)
      if ('text' in line) out.text(line.text);
      else out.row(line.label, line.value);
  }

  const problems = [...config.warnings, ...report.problems];
  out.heading(problems.length ? `${problems.length} problem${problems.length === 1 ? '' : 's'}:` : 'No problems found.');
  for (const p of problems) out.text(`  - ${p}`);
  const code = problems.length ? 1 : 0;
  // Exit once the screen is written: an idle ssh master or a timer must not keep the check alive.
  process.stdout.write(out.toString(), () => process.exit(code));
}
