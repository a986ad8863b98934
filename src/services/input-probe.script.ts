import { randomBytes } from 'node:crypto';
import { type RunOptions, runList, type TmuxEngine } from '../tmux/tmux-engine';
import { tmuxName } from './input-probe.classifier';
import type { FdKind, PaneFacts, ProbeTarget, ProcessFacts } from './input-probe.facts';

/**
 * The input probe's look on the pane's host, in the context of its tmux server
 * (docs/reference/engine.md#waiting-for-input): a POSIX sh script run as a tmux job by
 * `if-shell` (which, without -b, holds the client's command queue until the job ends; run-shell
 * would show its output in a pane). The job reads /proc with shell builtins only, writes its facts
 * into a global user option through the host's tmux client, and the same batch reads and unsets
 * that option. So a pane pid from tmux means the same process it means to tmux, whatever this
 * machine is; it cannot read memory, so select and poll sets are judged by their candidate fds.
 *
 * The script contains no `#` (tmux expands formats in the command), no `'`, `\` or `!`, and its
 * arguments are digits and a checked tmux path, so sh, bash, zsh and fish (the user's
 * default-shell runs the job) all pass it to `/bin/sh` alike.
 *
 * Records, one a line: `a ARCH`; per pane `p PID -` (unreadable) or
 * `p PID STATE PPID PGRP TTY_NR TPGID START ARG_START ARG_END`, then per member of the foreground
 * group `m PID STATE PPID START ARG_START ARG_END`, `n PID HEX…` (argv bytes, for members that do
 * not run the shell's own command line), `h PID TID STATE [SYSCALL…]` (threads in S or an unusual
 * state), `i PID TID FD:EVENTS…` (the fdinfo `tfd:` lines of the call's first argument),
 * `f PID FD+KIND…` or `f PID -`, `u PID` (more threads than looked at), `c PID` (walk cut).
 */
export const PROBE_SCRIPT = `N="
"
R=
e() { R="$R$N$*"; }
sf() {
L=
read -r L < $1 || return 1
set -f
IFS=")"
s=
for s in $L; do :; done
unset IFS
set +f
[ "$s" = "$L" ] && return 1
return 0
}
st() {
sf /proc/$1/stat || return 1
set -- $s
[ -n "\${20}" ] || return 1
S=$1 PP=$2 G=$3 TN=$5 TG=$6 ST=\${20} AS=\${46:-0} AE=\${47:-0}
}
mem() {
p=$1
e m $p $S $PP $ST $AS $AE
o=1
case $p/$AS/$AE in $P/*) o=0;; */0/0) ;; */$SA) o=0;; esac
if [ $o = 1 ]; then set -- $(od -A n -t x1 -v -N 256 /proc/$p/cmdline); e n $p $*; fi
k=0 W=0
cd /proc/$p/task 2>/dev/null || { e u $p; return; }
for i in *; do
k=$((k+1))
if [ $k -gt 32 ]; then e u $p; break; fi
sf $i/stat || continue
set -- $s
case $1 in
S)
W=1
y=-
read -r y < $i/syscall || y=-
e h $p $i S $y
set -- $y
d=-1
case $2 in 0x?|0x??|0x???|0x????|0x?????) d=$(($2));; esac
if [ $d -ge 0 ] && [ -r /proc/$p/fdinfo/$d ]; then
I=
while read -r a b c x z; do case $a in tfd:) I="$I $b:$x";; esac; done < /proc/$p/fdinfo/$d
e i $p $i $I
fi;;
R|D|T|t|Z|X|x) ;;
*) e h $p $i $1;;
esac
done
if [ $W = 1 ]; then
if cd /proc/$p/fd 2>/dev/null; then
I= k=0
for f in *; do
[ -e $f ] || continue
k=$((k+1))
if [ $k -gt 1024 ]; then I=-; break; fi
if [ $f -ef $Y ] || [ $f -ef /dev/tty ]; then c=t
elif [ -d $f ] || [ $f -ef /dev/null ]; then c=q
elif [ -f $f ] && [ -s $f ]; then c=q
else c=w
fi
I="$I $f$c"
done
e f $p $I
else e f $p -
fi
fi
}
pane() {
P=$1 Y=/dev/pts/$2
if st $P; then :; else e p $P -; return; fi
e p $P $S $PP $G $TN $TG $ST $AS $AE
SA=$AS/$AE TP=$TG
[ "$G" = "$TP" ] && mem $P
n=1
if [ -e /proc/$P/task/$P/children ]; then
Q=
read -r Q < /proc/$P/task/$P/children
while [ -n "$Q" ]; do
if [ $n -ge 64 ]; then e c $P; break; fi
set -- $Q
[ -n "$1" ] || break
q=$1
shift
Q=$*
n=$((n+1))
st $q || continue
Z=
read -r Z < /proc/$q/task/$q/children
Q="$Q $Z"
[ "$G" = "$TP" ] && mem $q
done
elif cd /proc; then
for q in [1-9]*; do
case $q in $P) continue;; esac
n=$((n+1))
if [ $n -gt 4096 ]; then e c $P; break; fi
st $q || continue
[ "$G" = "$TP" ] && mem $q
done
fi
}
T=$1 A=$2 O=$3
shift 3
if [ $A = 1 ]; then e a $(uname -m); fi
while [ -n "$2" ]; do pane $1 $2; shift 2; done
"$T" -S "\${TMUX%%,*}" set-option -g @tmux_mcp_probe_$O "$R"
`;

/** A tmux path the job may run: nothing a shell could read as anything but one word. */
export const SAFE_TMUX_PATH = /^[A-Za-z0-9_./+-]+$/;
const PANE_ID = /^%\d+$/;
const PTS = /^\/dev\/pts\/(\d+)$/;
/** Panes per job: the job's answer travels as one argument of a tmux client, whose message tmux caps near 16 KiB. */
const PER_JOB = 4;

/** tty_nr of /dev/pts/N in a stat line (major 136, the kernel's new_encode_dev). */
export const ptsTtyNr = (n: number): number => (n % 256) + 136 * 256 + Math.floor(n / 256) * 256 * 4096;

/** The tmux filter matching exactly these pane ids (ids checked: `%` and digits). */
export function paneFilter(ids: readonly string[]): string {
  const one = (id: string) => `#{==:#{pane_id},${id}}`;
  let f = one(ids[ids.length - 1]);
  for (let i = ids.length - 2; i >= 0; i--) f = `#{||:${one(ids[i])},${f}}`;
  return f;
}

/** argv[0] from od's hex bytes (up to the first NUL). */
function argv0Of(hex: readonly string[]): string | null {
  const bytes: number[] = [];
  for (const h of hex) {
    const b = parseInt(h, 16);
    if (b === 0 || Number.isNaN(b)) break;
    bytes.push(b);
  }
  return bytes.length === 0 ? null : Buffer.from(bytes).toString('utf8');
}

interface Builder {
  pid: number;
  ppid: number;
  starttime: number;
  argArea: string;
  argv0: string | null;
  fds: Map<number, FdKind> | null;
  threads: { tid: number; state: string; syscall: string | null; readSet: null; epoll: [number, number][] | null }[];
  threadsCut: boolean;
}

const newProcess = (pid: number, ppid: number, starttime: number, argArea: string): Builder => ({
  pid,
  ppid,
  starttime,
  argArea,
  argv0: null,
  fds: new Map(),
  threads: [],
  threadsCut: false,
});

const frozen = (b: Builder): ProcessFacts => ({ ...b, threads: b.threads });

interface Block {
  panePid: number;
  shell: Builder | null;
  pgrp: number;
  tpgid: number;
  ttyNr: number;
  members: Map<number, Builder>;
  cut: boolean;
}

/** The script's records, by pane pid; `arch` when the script said it (`a`). */
export function parseProbeOutput(text: string): { arch: string | null | undefined; blocks: Map<number, Block> } {
  let arch: string | null | undefined;
  const blocks = new Map<number, Block>();
  let cur: Block | null = null;
  for (const line of text.split('\n')) {
    const w = line.split(' ');
    const kind = w[0];
    if (kind === 'a') {
      arch = w[1] || null;
      continue;
    }
    if (kind === 'p') {
      const pid = Number(w[1]);
      cur = { panePid: pid, shell: null, pgrp: NaN, tpgid: NaN, ttyNr: NaN, members: new Map(), cut: false };
      blocks.set(pid, cur);
      if (w.length >= 10) {
        cur.pgrp = Number(w[4]);
        cur.ttyNr = Number(w[5]);
        cur.tpgid = Number(w[6]);
        cur.shell = newProcess(pid, Number(w[3]), Number(w[7]), `${w[8]} ${w[9]}`);
      }
      continue;
    }
    if (!cur) continue;
    const pid = Number(w[1]);
    const m = cur.members.get(pid);
    switch (kind) {
      case 'm':
        if (w.length >= 7) cur.members.set(pid, newProcess(pid, Number(w[3]), Number(w[4]), `${w[5]} ${w[6]}`));
        break;
      case 'n':
        if (m) m.argv0 = argv0Of(w.slice(2));
        break;
      case 'h':
        if (m && w.length >= 4) {
          const syscall = w[3] !== 'S' ? null : w.length > 4 && w[4] !== '-' ? w.slice(4).join(' ') : null;
          m.threads.push({ tid: Number(w[2]), state: w[3], syscall, readSet: null, epoll: null });
        }
        break;
      case 'i': {
        const t = m?.threads.find((x) => x.tid === Number(w[2]));
        if (t)
          t.epoll = w
            .slice(3)
            .flatMap((pair) =>
              /^\d+:[0-9a-f]+$/.test(pair) ? [pair.split(':').map((v, i) => (i ? parseInt(v, 16) : Number(v))) as [number, number]] : [],
            );
        break;
      }
      case 'f':
        if (m) {
          if (w[2] === '-') m.fds = null;
          else for (const fk of w.slice(2)) if (/^\d+[tqw]$/.test(fk)) m.fds?.set(Number(fk.slice(0, -1)), fk.slice(-1) as FdKind);
        }
        break;
      case 'u':
        if (m) m.threadsCut = true;
        break;
      case 'c':
        cur.cut = true;
        break;
    }
  }
  return { arch, blocks };
}

/** One pane's facts from its block; null when the script could not read the pane pid or it is not the pane's. */
export function factsOf(block: Block | undefined, paneTty: string, arch: string | null, shellName: string | null): PaneFacts | null {
  const pts = PTS.exec(paneTty);
  if (!block || !block.shell || !pts || block.ttyNr !== ptsTtyNr(Number(pts[1])) || !(block.tpgid > 0)) return null;
  const members = [...block.members.values()].map(frozen);
  const shell = members.find((p) => p.pid === block.panePid) ?? frozen(block.shell);
  return { arch, panePid: block.panePid, panePgrp: block.pgrp, tpgid: block.tpgid, shell, shellName, members, cut: block.cut };
}

export interface ScriptLook {
  /** The host's machine, when it was asked for (`askArch`). */
  readonly arch: string | null | undefined;
  /** Facts per pane id; null where the host could not tell. */
  readonly facts: Map<string, PaneFacts | null>;
}

/**
 * Runs the script on the tmux server of `engine` (on its host) for `targets`, in one batch (one
 * round trip): tmux's own names of the panes' group leaders, then per group of panes the job,
 * the read of its answer and the option's removal. `arch`: the host's machine if known, else
 * undefined (the script then reports it).
 */
export async function gatherByScript(
  engine: TmuxEngine,
  targets: readonly ProbeTarget[],
  arch: string | null | undefined,
  opts: Pick<RunOptions, 'signal' | 'timeoutMs'>,
): Promise<ScriptLook> {
  const facts = new Map<string, PaneFacts | null>();
  const tmux = engine.argvPrefix()[0] ?? '';
  const usable = targets.filter((t) => PANE_ID.test(t.paneId) && Number.isSafeInteger(t.panePid) && t.panePid > 0 && PTS.test(t.paneTty));
  for (const t of targets) facts.set(t.paneId, null);
  if (usable.length === 0 || !SAFE_TMUX_PATH.test(tmux)) return { arch, facts };
  const nonce = BigInt(`0x${randomBytes(6).toString('hex')}`).toString();
  const commands: string[][] = [
    ['list-panes', '-a', '-f', paneFilter(usable.map((t) => t.paneId)), '-F', '#{pane_id} #{pane_current_command}'],
  ];
  for (let i = 0; i < usable.length; i += PER_JOB) {
    const args = usable.slice(i, i + PER_JOB).flatMap((t) => [String(t.panePid), PTS.exec(t.paneTty)?.[1] ?? '0']);
    const option = `@tmux_mcp_probe_${nonce}${i}`;
    const ask = i === 0 && arch === undefined ? '1' : '0';
    commands.push(
      ['if-shell', `/bin/sh -c '${PROBE_SCRIPT}' sh ${tmux} ${ask} ${nonce}${i} ${args.join(' ')}`, ''],
      ['show-options', '-gqv', option],
      ['set-option', '-gqu', option],
    );
  }
  const out = await runList(engine, commands, { ...opts, briefJob: true });
  const names = new Map<string, string>();
  for (const line of out[0] ?? []) {
    const space = line.indexOf(' ');
    if (space > 0) names.set(line.slice(0, space), line.slice(space + 1));
  }
  let said = arch;
  const blocks = new Map<number, Block>();
  for (let j = 2; j < out.length; j += 3) {
    const parsed = parseProbeOutput((out[j] ?? []).join('\n'));
    if (parsed.arch !== undefined) said = parsed.arch;
    for (const [pid, b] of parsed.blocks) blocks.set(pid, b);
  }
  const known = said ?? null;
  for (const t of usable) {
    const name = names.get(t.paneId);
    facts.set(
      t.paneId,
      factsOf(blocks.get(t.panePid), t.paneTty, known, name === undefined || name === '' ? null : (tmuxName(name) ?? null)),
    );
  }
  return { arch: said, facts };
}
