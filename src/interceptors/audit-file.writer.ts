import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { Logger } from 'winston';

/**
 * Appends audit records to the audit file (docs/reference/safety.md#audit-file), each a whole
 * line or nothing: one `write` of the whole line (Node's appendFileSync would loop and leave a
 * partial record when the disk fills mid-way, which the next record then continues on the same
 * line). A short write is cut back off the end of the file. A failure is logged once, until a
 * record is written again, which is logged too; records are synchronous so none is lost to a
 * crash or a fast exit. The file is opened per record, so a rotated or removed file is created
 * again (owner-only).
 */
export class AuditFileWriter {
  private failing = false;
  private lost = 0;

  constructor(
    private readonly path: string,
    private readonly log: Logger,
  ) {}

  append(line: string): void {
    const buf = Buffer.from(line + '\n', 'utf8');
    let fd: number | undefined;
    try {
      fd = openSync(this.path, 'a', 0o600);
      const written = writeSync(fd, buf);
      if (written < buf.length) {
        // O_APPEND put the partial record at the end of the file: take those bytes back off.
        ftruncateSync(fd, Math.max(0, fstatSync(fd).size - written));
        throw new Error(`short write (${written} of ${buf.length} bytes; the partial record was removed)`);
      }
      this.succeeded();
    } catch (err) {
      this.failed(err);
    } finally {
      if (fd !== undefined) {
        try {
          closeSync(fd);
        } catch {
          // The record's fate is already decided; a failing close changes nothing.
        }
      }
    }
  }

  private failed(err: unknown): void {
    this.lost++;
    if (this.failing) return;
    this.failing = true;
    this.log.warn(`could not write the audit file: ${err instanceof Error ? err.message : String(err)}`);
  }

  private succeeded(): void {
    if (!this.failing) return;
    this.failing = false;
    this.log.warn(`the audit file is written again; ${this.lost} record(s) could not be written`);
    this.lost = 0;
  }
}
