/**
 * The source of the pattern worker (docs/reference/tools.md#pattern-budget): plain JavaScript run
 * by `new Worker(source, { eval: true })`, so it needs no file of its own beside the compiled
 * server (dist, the ESM build, the bundle and the tests all run the same text) and loads no
 * module of ours.
 *
 * A job comes on parentPort as `{ id, items: [{ source, flags, texts }], first }`; every answer goes
 * on the port given in workerData (the server drains it when a budget runs out). At start it
 * writes its thread id into workerData.cpu, and at each job's start the job's id and its CPU ticks
 * (Linux), so the budget can count the job's CPU time. The answer is `{ id, hits }`, the
 * indices of the texts each item's pattern matches (with `first`, items after the first one with
 * a hit are not run and answer `[]`), or `{ id, error }` with the engine's reason when V8 refuses
 * the pattern only at its first use (it compiles lazily: "Regular expression too large").
 * Before each item after the first it says `{ id, at }`, so a job cut at its budget names the
 * pattern that was running. Compiled patterns are kept (at most 64) so a wait's repeated checks compile once.
 */
export const PATTERN_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const answers = workerData.port;
// The thread's id, so the server can read its CPU time (Linux: /proc/thread-self is task/<tid>),
// and for each job, its id and the thread's CPU ticks when it began (workerData.cpu).
const fs = require('node:fs');
const cpu = workerData.cpu;
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) Atomics.store(cpu, 0, tid);
} catch {}
function began(id) {
  if (Atomics.load(cpu, 0) <= 0) return;
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    Atomics.store(cpu, 2, Number(f[11]) + Number(f[12]));
    Atomics.store(cpu, 1, id);
  } catch {}
}
const cache = new Map();
function compiled(source, flags) {
  const key = flags + '/' + source;
  let re = cache.get(key);
  if (re === undefined) {
    re = new RegExp(source, flags);
    if (cache.size >= 64) cache.delete(cache.keys().next().value);
    cache.set(key, re);
  }
  return re;
}
parentPort.on('message', (job) => {
  began(job.id);
  const hits = [];
  try {
    let found = false;
    for (let k = 0; k < job.items.length; k++) {
      const item = job.items[k];
      const out = [];
      if (!(job.first && found)) {
        if (k > 0) answers.postMessage({ id: job.id, at: k });
        const re = compiled(item.source, item.flags);
        re.lastIndex = 0;
        const texts = item.texts;
        for (let i = 0; i < texts.length; i++) if (re.test(texts[i])) out.push(i);
        if (out.length) found = true;
      }
      hits.push(out);
    }
  } catch (err) {
    answers.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    return;
  }
  answers.postMessage({ id: job.id, hits });
});
`;
