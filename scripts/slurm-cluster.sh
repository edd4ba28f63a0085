#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for `make test-slurm`:
#   scripts/slurm-cluster.sh start    installs slurm-wlm and munge if missing (apt-get),
#                                     writes a localhost slurm.conf under $STRATA_SLURM_STATE
#                                     and starts munged, slurmctld and slurmd
#   scripts/slurm-cluster.sh stop     stops the daemons it started (by their pid files)
#   scripts/slurm-cluster.sh env      prints the SLURM_CONF line to eval in a shell
# The cluster is one node ("strata-node", every core of this machine, partition "farm")
# on 127.0.0.1, ports 6817 and 6818. Slurm's commands find it through SLURM_CONF.
set -euo pipefail

STATE=${STRATA_SLURM_STATE:-/tmp/strata-slurm}
CONF=$STATE/slurm.conf
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

install() {
  if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null \
     && command -v munged >/dev/null; then return; fi
  echo "slurm-cluster: installing slurm-wlm and munge with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
}

write_conf() {
  mkdir -p "$STATE/ctld" "$STATE/d"
  local cpus memory
  cpus=$(nproc)
  memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
  cat > "$CONF" <<CONF
# Written by scripts/slurm-cluster.sh: one node on localhost for tests.
ClusterName=strata
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=6817
SlurmdPort=6818
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
# No cgroups in a container: track processes by parent id, bind no tasks.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# Finished jobs stay visible to scontrol for 10 minutes.
MinJobAge=600
NodeName=strata-node NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=farm Nodes=strata-node Default=YES MaxTime=INFINITE State=UP
CONF
}

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then return; fi
  if [ ! -s /etc/munge/munge.key ]; then $SUDO mungekey --create --force; fi
  $SUDO chown munge:munge /etc/munge/munge.key && $SUDO chmod 400 /etc/munge/munge.key
  $SUDO mkdir -p /run/munge /var/lib/munge /var/log/munge
  $SUDO chown munge:munge /run/munge /var/lib/munge /var/log/munge
  $SUDO runuser -u munge -- /usr/sbin/munged
  touch "$STATE/munged.ours"
  for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return; sleep 0.1; done
  echo "slurm-cluster: munged did not start" >&2; exit 1
}

start() {
  install
  write_conf
  start_munge
  running "$STATE/slurmctld.pid" || $SUDO slurmctld -f "$CONF"
  running "$STATE/slurmd.pid" || $SUDO slurmd -f "$CONF" -N strata-node
  export SLURM_CONF=$CONF
  for _ in $(seq 100); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qx idle; then echo "slurm-cluster: up (SLURM_CONF=$CONF)"; return; fi
    sleep 0.2
  done
  echo "slurm-cluster: the node did not come up; logs in $STATE" >&2
  tail -n 20 "$STATE"/slurm*.log >&2 || true
  exit 1
}

stop() {
  for daemon in slurmd slurmctld; do
    if running "$STATE/$daemon.pid"; then $SUDO kill "$(cat "$STATE/$daemon.pid")"; fi
  done
  for daemon in slurmd slurmctld; do
    for _ in $(seq 50); do running "$STATE/$daemon.pid" || break; sleep 0.1; done
  done
  if [ -f "$STATE/munged.ours" ] && running /run/munge/munged.pid; then
    $SUDO kill "$(cat /run/munge/munged.pid)"
    rm -f "$STATE/munged.ours"
  fi
  echo "slurm-cluster: stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  *) echo "usage: $0 start|stop|env" >&2; exit 2 ;;
esac
