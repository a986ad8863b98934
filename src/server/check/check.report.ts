/**
 * What `--check` found (docs/reference/configuration.md#check), as the diagnosis hands it to the
 * CLI, which prints it: sections of rows, then the problems.
 */

/** One line of a section: a label and a value, or a line printed as it is. */
export type CheckLine = { readonly label: string; readonly value: string } | { readonly text: string };

/** One section: a heading, then its lines. */
export class CheckSection {
  readonly lines: CheckLine[] = [];
  constructor(readonly heading: string) {}
  row(label: string, value: string): void {
    this.lines.push({ label, value });
  }
  text(line: string): void {
    this.lines.push({ text: line });
  }
}

export class CheckReport {
  readonly sections: CheckSection[] = [];
  /** Every problem, in the order found; any problem makes `--check` exit 1. */
  readonly problems: string[] = [];
  /** A new section, after the ones so far. */
  section(heading: string): CheckSection {
    const s = new CheckSection(heading);
    this.sections.push(s);
    return s;
  }
  problem(text: string): void {
    this.problems.push(text);
  }
}
