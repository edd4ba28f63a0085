#!/usr/bin/env bash
# `make test-kubernetes`: the Kubernetes recipe of docs/scale-out.md without a
# cluster. Validates farm/kubernetes/*.yaml against the Kubernetes OpenAPI
# schemas (batch/v1 Job, v1 PersistentVolumeClaim; kubernetes-validate
# --strict, for 1.33 and the package's newest), then runs the Jobs' own
# commands on this machine: each index of the Indexed Job with
# JOB_COMPLETION_INDEX set, then the concat Job, with /farm mapped to a
# temporary folder, and checks the video (scripts/kubernetes_local_run.py).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-.build/release/strata}")
venv=.build/venv-kubernetes
if ! "$venv/bin/kubernetes-validate" --version >/dev/null 2>&1; then
  echo "test-kubernetes: installing kubernetes-validate into $venv (pip)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==1.37.0"
fi
for version in 1.33.0 1.37.0; do
  "$venv/bin/kubernetes-validate" --strict --quiet -k "$version" farm/kubernetes/*.yaml
done
echo "ok: farm/kubernetes/*.yaml are valid for Kubernetes 1.33 and 1.37 (strict)"
# The validator is real: a misspelt field fails it.
sed 's/^  parallelism:/  paralelism:/' farm/kubernetes/render-chunks.yaml > .build/misspelt-job.yaml
if "$venv/bin/kubernetes-validate" --strict --quiet .build/misspelt-job.yaml >/dev/null 2>&1; then
  echo "FAILED: kubernetes-validate accepted a Job with 'paralelism'" >&2; exit 1
fi
echo "ok: a misspelt Job field is rejected"
bash -n farm/kubernetes/run.sh
exec "$venv/bin/python" scripts/kubernetes_local_run.py "$BIN"
