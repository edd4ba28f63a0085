#!/usr/bin/env python3
"""Where a process's CPU goes, thread by thread (Linux /proc; no perf counters needed).

    python3 bench/thread-cpu.py strata render W3.yaml -o /tmp/x.mp4 --quiet

Runs the command, reads /proc/PID/task/*/{stat,schedstat,status} every
20 ms and prints, per thread (the last values seen before it ended): CPU
seconds (user, sys), seconds spent runnable but waiting for a core (the
run queue: oversubscription), seconds blocked (its life less both:
waiting on a lock, a condition or I/O), and voluntary (blocking) /
involuntary (preempted) context switches. Thread ids are in creation order: for
`strata render -o x.mp4` the main thread (the consumer, which also calls
x264_encoder_encode), x264's threads (created when the encoder opens:
2 frame threads and the lookahead), then the render threads.
"""
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def sample(pid, seen, t0):
    for tid in os.listdir(f"/proc/{pid}/task"):
        d = f"/proc/{pid}/task/{tid}"
        try:
            stat = open(d + "/stat").read()
            rest = stat[stat.rindex(")") + 2:].split()
            oncpu, waiting, _ = map(int, open(d + "/schedstat").read().split())
            switches = {k.strip(): int(v) for k, v in
                        (line.split(":") for line in open(d + "/status") if "ctxt_switches" in line)}
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
        row = seen.setdefault(int(tid), {"start": time.time() - t0})
        row.update(name=stat[stat.index("(") + 1:stat.rindex(")")], user=int(rest[11]) / TICK,
                   sys=int(rest[12]) / TICK, cpu=oncpu / 1e9, wait=waiting / 1e9,
                   blocked=switches.get("voluntary_ctxt_switches", 0),
                   preempted=switches.get("nonvoluntary_ctxt_switches", 0), end=time.time() - t0)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    t0 = time.time()
    process = subprocess.Popen(sys.argv[1:])
    seen = {}
    while process.poll() is None:
        try:
            sample(process.pid, seen, t0)
        except FileNotFoundError:
            break
        time.sleep(0.02)
    wall = time.time() - t0
    print(f"wall {wall:.2f} s, exit status {process.returncode}", file=sys.stderr)
    print(f"{'tid':>8} {'name':16} {'start s':>7} {'end s':>6} {'cpu s':>6} {'user':>6} {'sys':>6} "
          f"{'queued s':>8} {'blocked s':>9} {'blocks':>7} {'preempted':>9}", file=sys.stderr)
    for tid, r in sorted(seen.items()):
        print(f"{tid:>8} {r['name']:16} {r['start']:7.2f} {r['end']:6.2f} {r['cpu']:6.2f} {r['user']:6.2f} "
              f"{r['sys']:6.2f} {r['wait']:8.2f} {max(0, r['end'] - r['start'] - r['cpu'] - r['wait']):9.2f} "
              f"{r['blocked']:7d} {r['preempted']:9d}", file=sys.stderr)
    cpu = sum(r["cpu"] for r in seen.values())
    print(f"total cpu {cpu:.2f} s, queued {sum(r['wait'] for r in seen.values()):.2f} s, "
          f"cores busy {cpu / wall:.2f}", file=sys.stderr)
    sys.exit(process.returncode)


if __name__ == "__main__":
    main()
