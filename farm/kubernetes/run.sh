#!/usr/bin/env bash
# Runs a chunked render on the Kubernetes cluster kubectl points at:
#   farm/kubernetes/run.sh
# The scene and its files must already be on the volume at /farm/scene/ (see
# docs/scale-out.md). Applies the volume claim and the Indexed Job of chunks,
# waits until every index has succeeded, then runs the concat Job and waits.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

wait_job() {  # wait_job NAME: until the Job is Complete (0) or Failed (1)
  while true; do
    local conditions
    conditions=$(kubectl get job "$1" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type}{"\n"}{end}')
    if grep -qx Complete <<<"$conditions"; then return 0; fi
    if grep -qx Failed <<<"$conditions"; then
      echo "job $1 failed; failed indexes: $(kubectl get job "$1" -o jsonpath='{.status.failedIndexes}')" >&2
      return 1
    fi
    sleep 10
  done
}

kubectl apply -f "$here/storage.yaml"
kubectl delete job strata-chunks strata-concat --ignore-not-found
kubectl apply -f "$here/render-chunks.yaml"
wait_job strata-chunks
kubectl apply -f "$here/concat.yaml"
wait_job strata-concat
kubectl logs job/strata-concat
echo "the video is /farm/out/demo.mp4 on the volume strata-farm"
