"""Runs the Jobs of farm/kubernetes/ on this machine, as Kubernetes would.

Checks what the OpenAPI schema cannot (the Indexed completion mode, the
chunk count, that both Jobs mount the claim of storage.yaml and render with
the same settings), then runs every index of render-chunks.yaml with
JOB_COMPLETION_INDEX set (two at a time, in reverse order), then the command
of concat.yaml, with `strata` as the binary under test and /farm mapped to a
temporary folder holding scenes/demo.yaml and its fonts, and checks the video.
Usage: python scripts/kubernetes_local_run.py STRATA_BINARY
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
passed, failed = 0, 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print("ok: " + what)
    else:
        failed += 1
        print("FAILED: " + what, file=sys.stderr)
    return ok


def load(name):
    with open(os.path.join(ROOT, "farm", "kubernetes", name)) as f:
        return yaml.safe_load(f)


def container(job):
    [c] = job["spec"]["template"]["spec"]["containers"]
    return c


def localize(words, farm, binary):
    """The container's command with /farm on this machine and our strata."""
    out = []
    for w in words:
        w = w.replace("/farm/", farm + "/").replace("/farm ", farm + " ")
        out.append(binary if w == "strata" else w.replace("strata ", binary + " "))
    return out


def main(binary):
    chunks_job, concat_job, claim = load("render-chunks.yaml"), load("concat.yaml"), load("storage.yaml")
    spec = chunks_job["spec"]
    n = spec["completions"]
    chunk = container(chunks_job)
    command = chunk["command"] + chunk.get("args", [])
    check(spec.get("completionMode") == "Indexed", "the chunks Job is Indexed (each pod gets JOB_COMPLETION_INDEX)")
    check(spec["template"]["spec"]["restartPolicy"] == "Never", "chunk pods are not restarted in place")
    check(f"env/{n}" in command, f"the chunk command renders chunk env/{n} of completions {n}")
    for job in (chunks_job, concat_job):
        volumes = job["spec"]["template"]["spec"]["volumes"]
        mounts = container(job)["volumeMounts"]
        check(volumes[0]["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
              and mounts[0]["mountPath"] == "/farm", f"{job['metadata']['name']} mounts {claim['metadata']['name']} at /farm")
    concat_script = " ".join(container(concat_job)["command"][2:] + container(concat_job)["args"])
    settings = command[command.index("--crf"):]
    check(f"--chunks {n} " + " ".join(settings) in concat_script, "concat plans the same chunk count and settings")

    with tempfile.TemporaryDirectory(prefix="strata-test-kubernetes.") as farm:
        os.makedirs(farm + "/scene")
        shutil.copy(ROOT + "/scenes/demo.yaml", farm + "/scene/demo.yaml")
        shutil.copytree(ROOT + "/scenes/fonts", farm + "/scene/fonts")
        running = []
        for i in reversed(range(n)):
            env = dict(os.environ, JOB_COMPLETION_INDEX=str(i))
            env.pop("SLURM_ARRAY_TASK_ID", None)
            running.append((i, subprocess.Popen(localize(command, farm, binary), env=env)))
            if len(running) == 2 or i == 0:
                for index, process in running:
                    check(process.wait() == 0, f"chunk pod {index} (JOB_COMPLETION_INDEX={index}) succeeded")
                running = []
        names = sorted(f for f in os.listdir(farm + "/chunks") if not f.startswith("."))
        check(names == [f"chunk-{i:04d}.mp4" for i in range(n)], f"{n} segments, one per index")
        script = localize(container(concat_job)["command"] + container(concat_job)["args"], farm, binary)
        check(subprocess.run(script).returncode == 0, "the concat Job's command succeeded")
        video = farm + "/out/demo.mp4"
        probe = json.loads(subprocess.check_output(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
                                                    "stream=time_base:packet=pts,flags", "-of", "json", video]))
        base = Fraction(probe["streams"][0]["time_base"])
        times = sorted(Fraction(p["pts"]) * base for p in probe["packets"])
        check(times == [Fraction(i, 30) for i in range(180)] and probe["packets"][0]["flags"].startswith("K"),
              "180 frames, each at exactly i/30 s, a key frame first")
        check(subprocess.run([binary, "check", ROOT + "/scenes/demo.yaml", "--video", video, "--quiet",
                              "--artifacts", farm + "/check"]).returncode == 0,
              "the golden frames of the joined video are within the codec's error")
    print(f"test-kubernetes: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
