"""Chunked renders: a 60 s 1080p scene in 1, 2 and 4 chunks by separate processes.

    python3 bench/chunks.py STRATA [ROUNDS]      (bench/chunks.sh builds strata and calls this)

Each chunk is its own `strata render --chunk I/N` process with one render
thread and one encoder thread (`-j 1 --threads 1`: one core's worth, so CPU
times add up), all N started at once; then `strata concat` joins them. Per
round it measures, with the chunk processes' own CPU times (os.wait4):

- wall time of the N chunk processes and the sum of their CPU times;
- plan and concat (the join), wall and CPU, and the join's share of the whole;
- per-chunk costs from single processes: start-up (`strata --version`), scene
  load and compile (a one-frame render minus a frame), render per frame
  (`-o /dev/null`), encode per frame (the 1-chunk render minus `-o /dev/null`).

From the per-chunk costs (CPU medians) it predicts the wall time of M machines
rendering one chunk each, plan + start-up + compile + F/M frames + join, and
the speed-up over one process rendering everything. Rounds are interleaved
and every figure is the median over rounds. Writes bench/chunks-results.md.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCENE = os.path.join(ROOT, "bench", "chunks-60s-1080p.yaml")
ONE_CORE = ["-j", "1", "--threads", "1", "--quiet"]


def run(args, env=None):
    """(wall s, CPU s) of one process."""
    start = time.perf_counter()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"chunks bench: {' '.join(args)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def run_all(commands):
    """Starts every command at once: (wall until the last ends, [CPU s of each])."""
    start = time.perf_counter()
    procs = [subprocess.Popen(c, stdout=subprocess.DEVNULL) for c in commands]
    cpu = {}
    while len(cpu) < len(procs):
        pid, status, usage = os.wait4(-1, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("chunks bench: a chunk failed")
        cpu[pid] = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - start, [cpu[p.pid] for p in procs]


def chunked(strata, work, n):
    farm = os.path.join(work, f"farm{n}")
    shutil.rmtree(farm, ignore_errors=True)
    os.makedirs(farm)
    plan = run([strata, "plan", SCENE, "--chunks", str(n), "--threads", "1", "-o", farm + "/m.json"])
    wall, cpus = run_all([[strata, "render", SCENE, "--chunk", f"{i}/{n}", "-o", farm + "/"] + ONE_CORE
                          for i in range(n)])
    out = os.path.join(work, f"out{n}.mp4")
    join = run([strata, "concat", farm + "/m.json", "-o", out, "--quiet"])
    size = os.path.getsize(out)
    shutil.rmtree(farm)
    return {"plan": plan, "chunks_wall": wall, "chunks_cpu": sum(cpus), "join": join, "size": size}


def main():
    strata = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    frames = 1800
    work = tempfile.mkdtemp(prefix="strata-bench-chunks.")
    samples = {"startup": [], "one_frame": [], "discard": [], "n": {1: [], 2: [], 4: []}}
    try:
        for r in range(rounds):
            order = [1, 2, 4] if r % 2 == 0 else [4, 2, 1]
            samples["startup"].append(statistics.median(run([strata, "--version"])[1] for _ in range(5)))
            samples["one_frame"].append(run([strata, "render", SCENE, "--frames", "0", "-o", "/dev/null"] + ONE_CORE)[1])
            samples["discard"].append(run([strata, "render", SCENE, "-o", "/dev/null"] + ONE_CORE)[1])
            for n in order:
                samples["n"][n].append(chunked(strata, work, n))
                print(f"chunks bench: round {r + 1}/{rounds}, {n} chunk(s) done", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    med = statistics.median
    startup = med(samples["startup"])
    discard = med(samples["discard"])
    one_frame = med(samples["one_frame"])
    render = (discard - one_frame) / (frames - 1)
    compile_ = max(0.0, one_frame - startup - render)
    single_cpu = med(s["chunks_cpu"] for s in samples["n"][1])
    encode = (single_cpu - discard) / frames
    plan = med(s["plan"][1] for s in samples["n"][1])
    join = med(s["join"][1] for s in samples["n"][4])

    def n_row(n):
        rows = samples["n"][n]
        wall = med(s["chunks_wall"] for s in rows)
        whole = med(s["plan"][0] + s["chunks_wall"] + s["join"][0] for s in rows)
        join_wall = med(s["join"][0] for s in rows)
        return (f"| {n} | {wall:.1f} | {med(s['chunks_cpu'] for s in rows):.1f} | {med(s['plan'][0] for s in rows):.2f} "
                f"| {join_wall:.3f} | {100 * join_wall / whole:.2f}% | {med(s['size'] for s in rows) / 1e6:.2f} |")

    def predicted(m):
        per_chunk = startup + compile_ + frames / m * (render + encode)
        return plan + per_chunk + join

    one = startup + compile_ + frames * (render + encode)
    lines = [
        "# Chunked renders: 1, 2 and 4 chunks by separate processes",
        "",
        f"`bench/chunks.sh` (`make bench-chunks`): `bench/chunks-60s-1080p.yaml`, 60 s of 1080p at 30 fps "
        f"({frames} frames), H.264 veryfast crf 20; every chunk a separate `strata render --chunk I/N` process "
        f"with one render and one encoder thread (`-j 1 --threads 1`), all started at once on this "
        f"{os.cpu_count()}-core machine (shared with other work); medians of {rounds} round(s).",
        "",
        "| chunks | chunk processes, wall s | their CPU s, summed | plan, wall s | join (concat), wall s | join / whole | output MB |",
        "| --- | --- | --- | --- | --- | --- | --- |",
        n_row(1), n_row(2), n_row(4),
        "",
        "\"whole\" is plan + chunks + join, wall. The join is a stream copy: it reads and writes the "
        "segments' packets and encodes nothing. More chunks than cores cannot lower the wall time here; "
        "the summed CPU shows what the chunking itself costs (start-up and compile once per chunk).",
        "",
        "Per-chunk costs (CPU s, single processes):",
        "",
        "| start-up | scene load + compile | render, per frame | encode, per frame | plan | join (4 chunks) |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| {startup:.3f} | {compile_:.3f} | {1000 * render:.1f} ms | {1000 * encode:.1f} ms | {plan:.3f} | {join:.3f} |",
        "",
        "Predicted for M machines rendering one chunk each (one core each, as measured): plan + start-up + "
        "compile + F/M frames x (render + encode) + join, against one process rendering all F frames "
        f"({one:.1f} s):",
        "",
        "| machines | predicted wall s | speed-up | efficiency |",
        "| --- | --- | --- | --- |",
    ]
    for m in (1, 2, 4, 10, 100):
        t = predicted(m)
        lines.append(f"| {m} | {t:.2f} | {one / t:.1f}x | {100 * one / t / m:.0f}% |")
    lines += ["", "Shared storage, the network and job scheduling latency are not modelled: on a real farm "
              "they add to every chunk's start."]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(ROOT, "bench", "chunks-results.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
